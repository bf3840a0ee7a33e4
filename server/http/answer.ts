import { Status } from '../../schemas/status.ts';
import type { MessageKey } from './messages.ts';

/** A refusal a handler throws; `msgKey` is a key of locales/<lang>/server.json. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly msgKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(msgKey);
  }
}

export const refuse = (msgKey: MessageKey, params?: Record<string, string | number>) =>
  new ApiError(Status.refused, msgKey, params);
export const invalid = (field: string, rule: string) => new ApiError(Status.validation, 'validation', { field, rule });
export const notFound = (what: string) => new ApiError(Status.notFound, 'notFound', { what });
export const forbidden = () => new ApiError(Status.forbidden, 'forbidden');

/** A success with a message of its own, shown to the member when `popup` is set. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly msgKey: MessageKey,
    readonly popup = false,
    readonly params: Record<string, string | number> = {},
  ) {}
}

/** The HTTP status sent with an envelope status: protocol faults get theirs, business outcomes 200. */
export const httpStatusOf = (status: number): number => {
  switch (status) {
    case Status.validation:
      return 400;
    case Status.tokenInvalid:
      return 401;
    case Status.forbidden:
      return 403;
    case Status.notFound:
      return 404;
    case Status.rateLimited:
      return 429;
    case Status.maintenance:
      return 503;
    default:
      return 200;
  }
};
