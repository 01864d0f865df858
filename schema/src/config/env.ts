import type { z } from 'zod';

/**
 * A process refused its environment. Thrown once, at start, by the process's config module, so a
 * typo in an operator's setting stops the process with every bad variable named instead of
 * surfacing later as a strange connection error.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'CONFIG_INVALID';
}
export const isConfigError = (e: unknown): e is ConfigError => e instanceof ConfigError;

/**
 * Parses an environment with a process's zod schema. Pure: the caller passes the environment
 * (`process.env` in the process, a literal in tests).
 */
export function parseEnv<S extends z.ZodType>(
  processName: string,
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`${processName}: invalid environment: ${problems.join('; ')}`);
}

export type RunMode = 'development' | 'test' | 'production';

/**
 * Production unless NODE_ENV says, exactly, `development` or `test`: a process started without it
 * (a variable forgotten on a server) fails closed and refuses the development secrets.
 */
export function runMode(nodeEnv: string | undefined): RunMode {
  return nodeEnv === 'development' || nodeEnv === 'test' ? nodeEnv : 'production';
}
