import { z } from 'zod';
import { SERVICE_DEFAULTS } from '../reference/services';
import { ConfigError } from './env';

/**
 * Where a process reaches NATS and, when the server requires it (docker-compose.yml's does), the
 * user and password it signs in with. Spread into `connect()` of @nats-io/transport-node.
 */
export interface NatsSettings {
  /** One URL, or a cluster's servers (NATS_URL lists them separated by commas). */
  servers: string | string[];
  user?: string;
  pass?: string;
}

/** The NATS variables (spread into a process's env schema). */
export const NatsEnv = {
  NATS_URL: z.string().min(1).default(SERVICE_DEFAULTS.natsUrl),
  NATS_USER: z.string().default(''),
  NATS_PASSWORD: z.string().default(''),
};

/** The connection settings; a user without a password (or the reverse) is a mistake, not a choice. */
export function natsSettingsOf(e: {
  NATS_URL: string;
  NATS_USER: string;
  NATS_PASSWORD: string;
}): NatsSettings {
  if ((e.NATS_USER === '') !== (e.NATS_PASSWORD === '')) {
    throw new ConfigError('NATS_USER and NATS_PASSWORD are set together, or neither');
  }
  // A cluster is named by several seeds: the first connection tries them in turn, so one server
  // down at start costs nothing (the client learns the rest from the server it reaches).
  const servers = e.NATS_URL.split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  return {
    servers: servers.length === 1 ? (servers[0] as string) : servers,
    ...(e.NATS_USER ? { user: e.NATS_USER, pass: e.NATS_PASSWORD } : {}),
  };
}
