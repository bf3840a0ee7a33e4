import type { Implementation } from '../http/context.ts';
import { authCalls } from './auth/routes.ts';
import { chatCalls } from './chat/routes.ts';
import { feedCalls } from './feed/routes.ts';
import { systemCalls } from './system/routes.ts';

/** Every implemented call, one list per area. */
export const implementations: Implementation[] = [...systemCalls, ...authCalls, ...feedCalls, ...chatCalls];
