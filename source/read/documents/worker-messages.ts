/**
The messages between the read engine and its document worker (extract-worker.js): plain data only.
The worker is plain JavaScript, so every reply is checked here before the engine trusts it.
*/

import {isRecord} from '../is-record.js';

/** What the engine asks the worker. `data` is transferred (the engine's copy is detached). */
export type WorkerRequest =
	| {readonly type: 'open-pdf'; readonly data: ArrayBuffer}
	/** `budget`: stop extracting once the page is past what a read can show (extract-worker.js's PageTally). */
	| {readonly type: 'pdf-page'; readonly page: number; readonly budget?: PageBudget}
	/**
	`maxParagraphs`: convert only the body's first top-level paragraphs; `lastParagraphs`: only its last
	ones, for a tail (word-cut.js).
	*/
	| {
			readonly type: 'docx';
			readonly data: ArrayBuffer;
			readonly maxParagraphs?: number | undefined;
			readonly lastParagraphs?: number | undefined;
	  }
	| {readonly type: 'notebook'; readonly data: ArrayBuffer}
	| {readonly type: 'close'};

/** What one page may cost before the worker stops extracting it. */
export type PageBudget = {
	/** Non-blank lines past which the page cannot be shown whole. */
	readonly lines: number;
	/** A lower bound of output bytes past which the page cannot be shown whole. */
	readonly bytes: number;
	/** Longest line kept, in code points (longer ones are clipped). */
	readonly lineChars: number;
	/** Characters of text extracted in all before stopping anyway (a page of one endless line). */
	readonly scanChars: number;
};

/** Why a page's text stops short: past the caps, or past the scan budget. */
export type PageStop = 'caps' | 'scan';

/**
The body was cut to `kept` top-level paragraphs; it has more. `from: 'end'`: the last ones were kept
(a tail), of `total` in all; otherwise the first ones.
*/
export type ParagraphCut = {readonly kept: number; readonly total?: number; readonly from?: 'end'};

function isParagraphCut(value: unknown): value is ParagraphCut {
	return (
		isRecord(value) &&
		Number.isSafeInteger(value['kept']) &&
		(value['total'] === undefined || Number.isSafeInteger(value['total'])) &&
		(value['from'] === undefined || value['from'] === 'end')
	);
}

/** A library's error, by its class name (`PasswordException`) and message. */
export type LibraryError = {readonly kind: string; readonly message: string};

export type WorkerReply =
	| {readonly type: 'opened'; readonly pageCount: number}
	| {readonly type: 'page'; readonly text: string; readonly stopped?: PageStop}
	/** `paragraphs` is set when the body was cut: the paragraphs converted. */
	| {readonly type: 'html'; readonly html: string; readonly paragraphs?: ParagraphCut}
	/** A notebook's JSON, capped (capped-json.js): checked field by field by notebook-cells.ts. */
	| {readonly type: 'json'; readonly json: unknown}
	| {readonly type: 'failed'; readonly error: LibraryError};

export type FailedReply = Extract<WorkerReply, {type: 'failed'}>;

function isLibraryError(value: unknown): value is LibraryError {
	return isRecord(value) && typeof value['kind'] === 'string' && typeof value['message'] === 'string';
}

/** True when `value` is a well-formed reply from the worker. */
export function isWorkerReply(value: unknown): value is WorkerReply {
	if (!isRecord(value)) {
		return false;
	}

	switch (value['type']) {
		case 'opened': {
			return Number.isSafeInteger(value['pageCount']);
		}

		case 'page': {
			return (
				typeof value['text'] === 'string' &&
				(value['stopped'] === undefined || value['stopped'] === 'caps' || value['stopped'] === 'scan')
			);
		}

		case 'html': {
			return (
				typeof value['html'] === 'string' &&
				(value['paragraphs'] === undefined || isParagraphCut(value['paragraphs']))
			);
		}

		case 'json': {
			return 'json' in value;
		}

		case 'failed': {
			return isLibraryError(value['error']);
		}

		default: {
			return false;
		}
	}
}

/** Narrows a reply to the kind a request expects. */
export function isReplyOf<Type extends WorkerReply['type']>(
	reply: WorkerReply,
	type: Type,
): reply is Extract<WorkerReply, {type: Type}> {
	return reply.type === type;
}
