import type { Implementation } from '../http/context.ts';
import { authCalls } from './auth/routes.ts';
import { channelCalls } from './channels/routes.ts';
import { chatCalls } from './chat/routes.ts';
import { clubCalls } from './clubs/routes.ts';
import { feedCalls } from './feed/routes.ts';
import { friendsCalls } from './friends/routes.ts';
import { mediaCalls } from './media/routes.ts';
import { notificationCalls } from './notifications/routes.ts';
import { careerCalls } from './profile/career-routes.ts';
import { profileCalls } from './profile/routes.ts';
import { pushCalls } from './push/routes.ts';
import { systemCalls } from './system/routes.ts';

/** Every implemented call, one list per area. */
export const implementations: Implementation[] = [...systemCalls, ...authCalls, ...feedCalls, ...notificationCalls, ...clubCalls, ...channelCalls, ...chatCalls, ...pushCalls, ...friendsCalls, ...profileCalls, ...careerCalls, ...mediaCalls];
