/**
 * Rate limits per request type (issue 17): a token bucket per method for each client (the desktop
 * window, each `carefold serve` connection). Generous for a person, tight for a script: a burst the
 * UI can need, then a steady rate. Kept as data; the limiter itself is small.
 */
import type { MethodName } from "./methods";

export interface RateLimit {
  /** Requests allowed at once. */
  burst: number;
  /** Requests per second after the burst is spent. */
  perSecond: number;
}

/** Reads and cheap requests. */
const DEFAULT_LIMIT: RateLimit = { burst: 300, perSecond: 50 };

export const REQUEST_LIMITS: Partial<Record<MethodName, RateLimit>> = {
  "consult.ask": { burst: 30, perSecond: 1 },
  "consult.decide": { burst: 30, perSecond: 2 },
  "attachments.add": { burst: 20, perSecond: 1 },
  "attachments.remove": { burst: 60, perSecond: 2 },
  "notes.write": { burst: 60, perSecond: 2 },
  "notes.delete": { burst: 60, perSecond: 2 },
  "threads.rename": { burst: 60, perSecond: 2 },
  "threads.delete": { burst: 60, perSecond: 2 },
  // A cheap read, run as the user types (debounced in the app): a read's burst, a typist's pace.
  "search.run": { burst: 300, perSecond: 20 },
  "settings.set": { burst: 60, perSecond: 5 },
  "consent.set": { burst: 60, perSecond: 5 },
  "models.pull": { burst: 5, perSecond: 0.2 },
  "models.import": { burst: 5, perSecond: 0.2 },
  "models.remove": { burst: 10, perSecond: 0.5 },
  "data.deleteAll": { burst: 3, perSecond: 0.1 },
  "agenda.export": { burst: 60, perSecond: 2 },
  "host.printToPdf": { burst: 5, perSecond: 0.5 },
  "host.pickModelFile": { burst: 5, perSecond: 0.5 },
  "session.end": { burst: 5, perSecond: 0.5 },
  // A PIN is tried by a person; scrypt makes each try cost ~100 ms of CPU, and wrong tries add their own wait.
  "profiles.open": { burst: 10, perSecond: 0.5 },
  "profiles.create": { burst: 10, perSecond: 0.5 },
  "profiles.setPin": { burst: 10, perSecond: 0.5 },
  "profiles.remove": { burst: 3, perSecond: 0.1 },
  "profiles.export": { burst: 5, perSecond: 0.2 },
  // The admin PIN is scrypt too; turning kiosk mode on restarts the app, so a few a minute is plenty.
  "kiosk.enable": { burst: 5, perSecond: 0.2 },
  "kiosk.disable": { burst: 10, perSecond: 0.5 },
};

export type RateLimits = Partial<Record<MethodName, RateLimit>>;

export function limitOf(method: MethodName, overrides: RateLimits = {}): RateLimit {
  return overrides[method] ?? REQUEST_LIMITS[method] ?? DEFAULT_LIMIT;
}

export interface RequestLimiter {
  /** null when the request may go ahead; else the milliseconds until it could. */
  take(method: MethodName): number | null;
}

/** One client's buckets. `now` is injectable so tests need not wait; `overrides` replace a method's limit. */
export function createRequestLimiter(now: () => number = () => Date.now(), overrides: RateLimits = {}): RequestLimiter {
  const buckets = new Map<MethodName, { tokens: number; at: number }>();
  return {
    take(method) {
      const limit = limitOf(method, overrides);
      const t = now();
      const bucket = buckets.get(method) ?? { tokens: limit.burst, at: t };
      bucket.tokens = Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 1000) * limit.perSecond);
      bucket.at = t;
      buckets.set(method, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return null;
      }
      return Math.ceil(((1 - bucket.tokens) / limit.perSecond) * 1000);
    },
  };
}
