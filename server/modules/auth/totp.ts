import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TOTP_DRIFT_STEPS, TOTP_ISSUER, TOTP_PERIOD_S } from './limits.ts';

/**
 * TOTP of RFC 6238 through otplib (v13's functional API): SHA-1, 6 digits, 30-second steps,
 * which is what authenticator apps expect. A code is accepted for its own step and one step
 * either side of now, and only for a step later than the last one accepted (no replay).
 */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const totpUri = (email: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: TOTP_PERIOD_S, digits: 6, algorithm: 'sha1' });

export const qrCodeDataUrl = (text: string): Promise<string> =>
  QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 });

export type TotpCheck = { ok: true; step: number } | { ok: false };

export const checkTotp = async (secret: string, code: string, lastStep: number | null, nowMs: number): Promise<TotpCheck> => {
  try {
    const result = await verify({
      secret,
      token: code,
      period: TOTP_PERIOD_S,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOTP_DRIFT_STEPS * TOTP_PERIOD_S,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result ? { ok: true, step: result.timeStep } : { ok: false };
  } catch {
    // A malformed code or secret is simply not a match.
    return { ok: false };
  }
};
