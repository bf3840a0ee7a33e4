import { describe, expect, test } from 'vitest';
import { Status } from '../../../schemas/status.ts';
import { failure } from './form-result.ts';
import { liveSecondFactor, stepOf, type SignInStep } from './sign-in-step.ts';
import { CallError } from '../../api/client.ts';

describe('The steps of a sign-in after the password', () => {
  test('10087, 10088 and 10089 each lead to their own step, keeping the data the server sent', () => {
    const challenge = { login_token: 't', type: 'google', email: 'a***@example.org', expires_in: 600 };
    expect(stepOf(failure(new CallError(Status.secondFactorRequired, 'code', challenge)), '/settings')).toMatchObject({
      kind: 'second-factor',
      redirect: '/settings',
      ...challenge,
    });
    expect(stepOf(failure(new CallError(Status.locked, 'locked', { unlock_token: 'u', has_questions: true })))).toMatchObject({ kind: 'locked', has_questions: true });
    expect(stepOf(failure(new CallError(Status.frozen, 'frozen', { reactivate_token: 'r', erase_after: '2026-12-01T00:00:00Z' })))).toMatchObject({ kind: 'frozen' });
    expect(stepOf(failure(new CallError(Status.refused, 'The e-mail or the password is incorrect.')))).toBeNull();
  });

  test('A second-factor step is live only until its login token expires', () => {
    const step: SignInStep = { kind: 'second-factor', login_token: 't', type: 'email', email: 'x', expires_in: 600, at: 1_000_000 };
    expect(liveSecondFactor(step, 1_000_000 + 599_000)).toBe(step);
    expect(liveSecondFactor(step, 1_000_000 + 600_000)).toBeNull();
    expect(liveSecondFactor({ kind: 'locked', unlock_token: 'u', has_questions: false, at: 0 })).toBeNull();
  });

  test('A validation message names its field for the form', () => {
    expect(failure(new CallError(Status.validation, 'confirm_password: Two password entries are inconsistent'))).toMatchObject({ field: 'confirm_password' });
    expect(failure(new CallError(Status.refused, 'code: whatever'))).toMatchObject({ field: null });
  });
});
