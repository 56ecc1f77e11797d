import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { securitySettings } from '../../db/schema.ts';
import { validationError } from '../../http/errors.ts';

export type PasswordPolicy = Pick<
  typeof securitySettings.$inferSelect,
  'requireUppercase' | 'requireLowercase' | 'requireNumbers' | 'requireSpecial' | 'requireMinLength'
>;

export const MIN_PASSWORD_LENGTH = 8;

/** The rules in the order the screen lists them, each with the message naming it. */
const RULES: { flag: keyof PasswordPolicy; message: string; passes: (password: string) => boolean }[] = [
  {
    flag: 'requireUppercase',
    message: 'Password must contain an uppercase letter.',
    passes: (p) => /\p{Lu}/u.test(p),
  },
  {
    flag: 'requireLowercase',
    message: 'Password must contain a lowercase letter.',
    passes: (p) => /\p{Ll}/u.test(p),
  },
  { flag: 'requireNumbers', message: 'Password must contain a number.', passes: (p) => /\p{Nd}/u.test(p) },
  {
    flag: 'requireSpecial',
    message: 'Password must contain a special character.',
    passes: (p) => /[^\p{L}\p{Nd}\s]/u.test(p),
  },
  {
    flag: 'requireMinLength',
    message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
    // Counted in characters, not UTF-16 units, so an emoji counts once.
    passes: (p) => [...p].length >= MIN_PASSWORD_LENGTH,
  },
];

/** The messages of every rule the password breaks under `policy`; empty when it passes. */
export function passwordPolicyFailures(policy: PasswordPolicy, password: string): string[] {
  return RULES.filter((rule) => policy[rule.flag] && !rule.passes(password)).map((rule) => rule.message);
}

/** The policy saved on the Security screen (the defaults when the row is missing). */
export async function loadPasswordPolicy(db: Database): Promise<PasswordPolicy> {
  const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1)).limit(1);
  return (
    row ?? {
      requireUppercase: true,
      requireLowercase: true,
      requireNumbers: true,
      requireSpecial: true,
      requireMinLength: true,
    }
  );
}

/**
 * Every staff password set or change passes through here: 400 with one entry at `path` per broken rule,
 * so the form can show each message.
 */
export async function assertPasswordPolicy(
  db: Database,
  password: string,
  path = '/password',
): Promise<void> {
  const failures = passwordPolicyFailures(await loadPasswordPolicy(db), password);
  if (failures.length === 0) return;
  throw validationError(
    failures.map((message) => ({ path, message })),
    failures.join(' '),
  );
}
