/**
One document parsed in the worker thread, under a wall-clock limit and the read's AbortSignal. pdf.js
and mammoth parse synchronously for long stretches, which no signal can interrupt on the main thread;
in a worker, the time limit or the abort terminates the thread and the read answers at once.
*/
import type {ReadLimits} from '../types.js';
import {type DocumentWorker, returnWorker, takeWorker, WorkerFailure} from './document-worker.js';
import {type FailedReply, isReplyOf, type WorkerReply, type WorkerRequest} from './worker-messages.js';

export {WorkerFailure} from './document-worker.js';

/** "30 s", "0.2 s". */
function seconds(ms: number): string {
	return `${Number((ms / 1000).toFixed(3))} s`;
}

/**
The bytes as an ArrayBuffer of their own, to transfer to the worker without a copy when possible: a
small Buffer may be a view into Node's shared pool, which must not be detached.
*/
export function ownArrayBuffer(data: Uint8Array): ArrayBuffer {
	if (
		data.buffer instanceof ArrayBuffer &&
		data.byteOffset === 0 &&
		data.byteLength === data.buffer.byteLength
	) {
		return data.buffer;
	}

	return new Uint8Array(data).buffer;
}

/** Call `end()` when done (in a finally), whether or not the parsing succeeded. */
export class WorkerJob {
	private readonly worker: DocumentWorker;
	private readonly timer: NodeJS.Timeout;
	private readonly signal: AbortSignal | undefined;
	private readonly onAbort: () => void;

	/** Takes a worker and starts the clock; throws the abort reason when the read is already aborted. */
	constructor(limits: ReadLimits, signal: AbortSignal | undefined) {
		signal?.throwIfAborted();
		const worker = takeWorker(limits.maxDocumentMemoryMb);
		this.worker = worker;
		this.signal = signal;
		this.timer = setTimeout(() => {
			worker.stop(new WorkerFailure('time', `took longer than ${seconds(limits.maxDocumentMs)} to parse`));
		}, limits.maxDocumentMs);
		this.onAbort = () => {
			worker.stop(signal?.reason);
		};

		signal?.addEventListener('abort', this.onAbort, {once: true});
	}

	/**
	Sends a request; resolves with the expected reply or the library's failure. Rejects with a
	`WorkerFailure` when the worker ran out of time or memory or crashed, or with the abort reason.
	*/
	async ask<Type extends WorkerReply['type']>(
		request: WorkerRequest,
		expected: Type,
		transfer: readonly ArrayBuffer[] = [],
	): Promise<Extract<WorkerReply, {type: Type}> | FailedReply> {
		const reply = await this.worker.request(request, transfer);
		if (isReplyOf(reply, expected) || isReplyOf(reply, 'failed')) {
			return reply;
		}

		this.worker.stop();
		throw new WorkerFailure('crash', `got a ${reply.type} answer to ${request.type} from its parser`);
	}

	end(): void {
		clearTimeout(this.timer);
		this.signal?.removeEventListener('abort', this.onAbort);
		returnWorker(this.worker);
	}
}
