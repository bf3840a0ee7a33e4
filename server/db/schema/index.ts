/** The database schema, one file per area; drizzle-kit reads this folder. */
export * from './auth.ts';
export * from './feed.ts';
export * from './friends.ts';
export * from './activities.ts';
export * from './chat.ts';
export * from './clubs.ts';
export * from './channels.ts';
export * from './notifications.ts';
export * from './push.ts';
export * from './chapters.ts';
export * from './profile.ts';
export * from './media.ts';
