/**
The worker thread that parses PDFs and Word files (extract-worker.js), seen from the main thread: one
request at a time, a heap limit, a way to stop it at once, and one worker kept warm between reads.
*/
import {Worker} from 'node:worker_threads';
import {reasonOf} from './result.js';
import {isWorkerReply, type WorkerReply, type WorkerRequest} from './worker-messages.js';

/** Why the worker could not finish: over the time limit, out of memory, or stopped for another reason. */
export type WorkerFailureReason = 'time' | 'memory' | 'crash';

/** The worker did not answer. The message is a clause for a sentence: "took longer than 30 s to parse". */
export class WorkerFailure extends Error {
	readonly reason: WorkerFailureReason;

	constructor(reason: WorkerFailureReason, message: string) {
		super(message);
		this.name = 'WorkerFailure';
		this.reason = reason;
	}
}

/**
The worker's module, beside this one. It is plain JavaScript so that the same URL works from dist/
(the build copies it there) and from source/ under vitest, which runs the TypeScript directly.
*/
const workerUrl = new URL('./extract-worker.js', import.meta.url);

/**
The nursery. At most the 16 MB of grace Node gives a worker that reaches its heap limit: the collection
that hits the limit must promote the nursery's survivors within that grace, or V8 aborts the whole
process instead of stopping the worker (seen with 64 MB over a 48 MB heap; nodejs/node#47224).
*/
const youngGenerationMb = 16;

type Pending = {readonly resolve: (reply: WorkerReply) => void; readonly reject: (reason: unknown) => void};

function failureOf(error: unknown, memoryMb: number): WorkerFailure {
	const code = error instanceof Error && 'code' in error ? error.code : undefined;
	return code === 'ERR_WORKER_OUT_OF_MEMORY'
		? new WorkerFailure('memory', `needed more than ${memoryMb} MB of memory to parse`)
		: new WorkerFailure('crash', `made its parser fail (${reasonOf(error)})`);
}

/** One worker thread. Once stopped (or crashed) it stays stopped, and every request fails with the reason. */
export class DocumentWorker {
	readonly memoryMb: number;
	private readonly worker: Worker;
	private pending: Pending | undefined;
	private failure: unknown;

	constructor(memoryMb: number) {
		this.memoryMb = memoryMb;
		this.worker = new Worker(workerUrl, {
			resourceLimits: {maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: youngGenerationMb},
		});
		this.worker.on('message', (message: unknown) => {
			this.answer(message);
		});
		// An out-of-memory worker emits 'error' then 'exit'; the first says why, the second is ignored.
		this.worker.on('error', (error) => {
			this.stop(failureOf(error, memoryMb));
		});
		this.worker.on('exit', (code) => {
			this.stop(new WorkerFailure('crash', `stopped its parser unexpectedly (exit code ${code})`));
		});
	}

	get alive(): boolean {
		return this.failure === undefined;
	}

	/** Sends one request and waits for its reply; `transfer` moves those buffers to the worker. */
	async request(message: WorkerRequest, transfer: readonly ArrayBuffer[] = []): Promise<WorkerReply> {
		if (this.failure !== undefined) {
			throw this.failure;
		}

		if (this.pending !== undefined) {
			throw new Error('The document worker is already busy with a request.');
		}

		return new Promise((resolve, reject) => {
			this.pending = {resolve, reject};
			try {
				this.worker.postMessage(message, [...transfer]);
			} catch (error) {
				this.pending = undefined;
				reject(error);
			}
		});
	}

	/** Sends a request that has no reply (close). */
	notify(message: WorkerRequest): void {
		if (this.failure === undefined) {
			this.worker.postMessage(message);
		}
	}

	/**
	Terminates the thread at once, even in the middle of synchronous parsing (V8 interrupts it); the
	request waiting, if any, fails with `reason`.
	*/
	stop(reason: unknown = new WorkerFailure('crash', 'was stopped')): void {
		if (this.failure !== undefined) {
			return;
		}

		this.failure = reason;
		const {pending} = this;
		this.pending = undefined;
		pending?.reject(reason);
		void this.worker.terminate();
	}

	/** Whether the thread keeps the process alive: yes while it works, no while it waits for the next file. */
	keepAlive(busy: boolean): void {
		if (busy) {
			this.worker.ref();
		} else {
			this.worker.unref();
		}
	}

	private answer(message: unknown): void {
		if (!isWorkerReply(message)) {
			this.stop(new WorkerFailure('crash', 'got a malformed answer from its parser'));
			return;
		}

		const {pending} = this;
		this.pending = undefined;
		pending?.resolve(message);
	}
}

/**
A worker kept between reads: starting one and importing pdf.js in it costs more than most reads of a
small PDF. Unref'ed while idle so it never keeps the process alive, and stopped after a minute unused
so a long session does not hold its heap.
*/
let kept: DocumentWorker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
const idleMs = 60_000;

/** A worker for one document: the kept one when it is alive and has the same heap limit, else a new one. */
export function takeWorker(memoryMb: number): DocumentWorker {
	clearTimeout(idleTimer);
	const worker = kept?.alive && kept.memoryMb === memoryMb ? kept : new DocumentWorker(memoryMb);
	if (worker === kept) {
		kept = undefined;
	}

	worker.keepAlive(true);
	return worker;
}

/** Hands a worker back after its document: it is kept for the next one unless it was stopped. */
export function returnWorker(worker: DocumentWorker): void {
	if (!worker.alive) {
		return;
	}

	worker.notify({type: 'close'});
	// Reads running side by side each took a worker; one is enough to keep.
	kept?.stop();
	kept = worker;
	worker.keepAlive(false);
	idleTimer = setTimeout(() => {
		kept?.stop();
		kept = undefined;
	}, idleMs).unref();
}
