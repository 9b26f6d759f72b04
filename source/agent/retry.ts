/** How the session retries a failed model request that is worth retrying (429, 5xx, no connection). */
export type RetryPolicy = {
	/** Retries after the first attempt. */
	readonly maxRetries: number;
	/** The first backoff when the server gives no retry-after, doubled each time, in milliseconds. */
	readonly baseDelayMs: number;
	/** The longest wait; a retry-after beyond it is not waited for, and the person is told. */
	readonly maxDelayMs: number;
	/** Waits `ms` milliseconds; rejects or resolves early when `signal` aborts (tests inject a fake). */
	readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
};

/** A sleep that ends early, without rejecting, when the signal aborts. */
export async function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
	if (signal.aborted) {
		return;
	}

	await new Promise<void>((resolve) => {
		const done = () => {
			clearTimeout(timer);
			signal.removeEventListener('abort', done);
			resolve();
		};

		const timer = setTimeout(done, ms);
		signal.addEventListener('abort', done, {once: true});
	});
}

export const defaultRetryPolicy: RetryPolicy = {
	maxRetries: 4,
	baseDelayMs: 1000,
	maxDelayMs: 60_000,
	sleep: abortableSleep,
};

/** The wait before retry number `attempt` (0-based): the server's retry-after, else exponential backoff. */
export function retryDelay(policy: RetryPolicy, attempt: number, retryAfterMs: number | undefined): number {
	return retryAfterMs ?? Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs);
}
