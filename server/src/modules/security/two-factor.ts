import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';

export const TOTP_ISSUER = 'Shop Admin';
export const RECOVERY_CODE_COUNT = 10;

// A code stays valid one 30-second step either side, for clocks that drift a little.
const EPOCH_TOLERANCE_SECONDS = 30;

export async function newTwoFactorSecret(email: string) {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { secret, otpauthUrl, qrCode };
}

/**
 * The 30-second step a right code belongs to, or null for a wrong one. The caller takes the step for the account
 * (takeTwoFactorStep), so each code signs in once.
 */
export async function totpCodeStep(secret: string, code: string): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed code or secret is a wrong code, never a 500.
    return null;
  }
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One code: ten characters from an alphabet without look-alikes (0/o, 1/l/i), shown as xxxxx-xxxxx. */
function recoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

/** Ten fresh codes to show once, and the hashes to keep. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalizeRecoveryCode(code))));
  return { codes, hashes };
}

/** The index of the stored hash `code` matches, or -1. */
export async function matchRecoveryCode(hashes: readonly string[], code: string): Promise<number> {
  const plain = normalizeRecoveryCode(code);
  for (const [index, hash] of hashes.entries()) {
    if (await verifyPassword(hash, plain)) return index;
  }
  return -1;
}
