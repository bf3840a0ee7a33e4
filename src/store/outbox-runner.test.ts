import { describe, expect, test, vi } from 'vitest';
import { Status } from '../../schemas/status.ts';
import { CallError } from '../api/client.ts';

vi.mock('../api/instance.ts', () => ({ api: { call: vi.fn() } }));
const { outcomeOfError } = await import('./outbox-runner.ts');

describe('What a failed send means for the outbox', () => {
  test.each([Status.validation, Status.refused, Status.forbidden, Status.notFound])('Status %i is a refusal: that item fails, the lane goes on', (status) => {
    expect(outcomeOfError(new CallError(status, 'You cannot send messages to this member.'))).toEqual({
      ok: false,
      refused: true,
      status,
      message: 'You cannot send messages to this member.',
    });
  });

  test.each([Status.tokenInvalid, Status.rateLimited, Status.maintenance, 500])('Status %i means later: the item stays pending', (status) => {
    expect(outcomeOfError(new CallError(status, 'later'))).toEqual({ ok: false, refused: false });
  });

  test('No answer at all (network, timeout) means later', () => {
    expect(outcomeOfError(new CallError(0, 'Failed to fetch', null, 'network'))).toEqual({ ok: false, refused: false });
    expect(outcomeOfError(new CallError(0, 'timeout', null, 'timeout'))).toEqual({ ok: false, refused: false });
  });

  test('6027 is a silent success: the item is done', () => {
    expect(outcomeOfError(new CallError(Status.silent, ''))).toEqual({ ok: true, data: null });
  });
});
