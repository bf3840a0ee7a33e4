/** The conversation key both sides compute: d<low>_<high> for two members, g<id> for a room (a group or an activity's room). */
export const directKey = (a: number, b: number) => `d${Math.min(a, b)}_${Math.max(a, b)}`;
export const groupKey = (conversationId: number) => `g${conversationId}`;

export const chatKeyOf = (c: { kind: string; id: number; lowUserId: number | null; highUserId: number | null }) =>
  c.kind === 'direct' ? directKey(c.lowUserId!, c.highUserId!) : groupKey(c.id);
