/** Gateway configuration from the environment, with development defaults that production refuses. */
export interface GatewayConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string;
  natsUrl: string;
  temporalAddress: string;
  temporalNamespace: string;
  checkoutTaskQueue: string;
  sessionSecret: string;
  sessionTtlMs: number;
  logLevel: string;
  /** How long POST /api/orders waits for the workflow before answering "still processing". */
  orderTimeoutMs: number;
}

const DEV_DEFAULTS = {
  SESSION_SECRET: 'dev-session-secret-change-me',
  ADMIN_EMAIL: 'admin@qahwa.local',
  ADMIN_PASSWORD: 'qahwa-admin-dev',
  STRIPE_SECRET_KEY: 'sk_test_123',
} as const;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'CONFIG_INVALID';
}
export const isConfigError = (e: unknown): e is ConfigError => e instanceof ConfigError;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const mode =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  if (mode === 'production') {
    // A default secret in production is a break-in waiting to happen: refuse to start.
    const offending = Object.entries(DEV_DEFAULTS)
      .filter(([key, value]) => !env[key] || env[key] === value)
      .map(([key]) => key);
    if (offending.length > 0) {
      throw new ConfigError(
        `Refusing to start in production with default or missing secrets: ${offending.join(', ')}`,
      );
    }
    if ((env.SESSION_SECRET ?? '').length < 32) {
      throw new ConfigError('SESSION_SECRET must be at least 32 characters in production');
    }
  }
  return {
    env: mode,
    port: Number(env.GATEWAY_PORT ?? 4000),
    host: env.GATEWAY_HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? 'postgres://qahwa:qahwa@127.0.0.1:5432/qahwa',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    temporalAddress: env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    temporalNamespace: env.TEMPORAL_NAMESPACE ?? 'default',
    checkoutTaskQueue: env.CHECKOUT_TASK_QUEUE ?? 'checkout',
    sessionSecret: env.SESSION_SECRET ?? DEV_DEFAULTS.SESSION_SECRET,
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 12) * 3600_000,
    logLevel: env.LOG_LEVEL ?? 'info',
    orderTimeoutMs: Number(env.ORDER_TIMEOUT_MS ?? 25_000),
  };
}
