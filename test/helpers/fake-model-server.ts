/**
A fake model server for tests: listens on 127.0.0.1 (random port), speaks the real streaming wire formats
of the Anthropic Messages API and the OpenAI Chat Completions API, follows a script of turns, and records
every request body. The real SDK providers talk to it through their base URL.
*/
import http from 'node:http';

export type FakeApi = 'anthropic' | 'openai';

/** A tool call the fake model makes. `rawArguments` sends that exact text (malformed JSON included). */
export type ScriptedToolCall = {
	readonly id: string;
	readonly name: string;
	readonly input?: Readonly<Record<string, unknown>>;
	readonly rawArguments?: string;
};

/**
The token counts a reply reports, in each API's own fields (OpenAI: the final chunk's `usage`
{prompt_tokens, completion_tokens}; Anthropic: message_start's `usage.input_tokens` and message_delta's
`usage.output_tokens`). `'none'` reports nothing: OpenAI's final usage chunk is left out, as some
compatible servers do; Anthropic's fields are required by its SDK, so they are sent as zeros, as some
proxies do. Default: 100 input and 20 output tokens.
*/
export type FakeUsage = {readonly input: number; readonly output: number} | 'none';

const defaultUsage: FakeUsage = {input: 100, output: 20};

/** One response of the fake model, used for one request, in order. */
export type ScriptedTurn =
	/**
	A streamed answer: text (in the given chunks) and then tool calls. With `pace`, each text chunk
	waits for its promise (a Pacer's `wait`), so a test streams a long answer as slowly as it likes.
	*/
	| {
			readonly type: 'reply';
			readonly text?: readonly string[];
			readonly toolCalls?: readonly ScriptedToolCall[];
			readonly usage?: FakeUsage;
			readonly pace?: (index: number) => Promise<void>;
	  }
	/** An HTTP error with the API's error body; `retryAfter` sets the retry-after header (seconds). */
	| {readonly type: 'error'; readonly status: number; readonly message?: string; readonly retryAfter?: string}
	/**
	Starts an answer, sends these text chunks (and, with `inToolCall`, the start of that call with the first
	piece of its arguments), then destroys the connection.
	*/
	| {readonly type: 'cut'; readonly text: readonly string[]; readonly inToolCall?: ScriptedToolCall}
	/** Starts an answer, sends these chunks, then waits until the client goes away (for abort tests). */
	| {readonly type: 'hang'; readonly text: readonly string[]};

/** A request the server received. */
export type RecordedRequest = {
	readonly path: string;
	readonly headers: http.IncomingHttpHeaders;
	readonly body: unknown;
};

export type FakeModelServer = {
	/** `http://127.0.0.1:PORT`: Claude Code's ANTHROPIC_BASE_URL form; append `/v1` for OpenAI's form. */
	readonly origin: string;
	readonly requests: RecordedRequest[];
	/** Turns not yet used. */
	readonly remaining: () => number;
	readonly close: () => Promise<void>;
};

type Writer = {
	readonly start: (usage: FakeUsage) => void;
	readonly text: (chunk: string, index: number) => void;
	readonly endText: (index: number) => void;
	/** `partial`: only the call's start and its first piece of arguments, as a stream cut inside it. */
	readonly toolCall: (call: ScriptedToolCall, index: number, ordinal: number, partial?: boolean) => void;
	readonly finish: (reason: 'stop' | 'tools', usage: FakeUsage) => void;
};

function sse(response: http.ServerResponse, event: string | undefined, data: unknown): void {
	const prefix = event ? `event: ${event}\n` : '';
	response.write(`${prefix}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

/** Splits a tool call's JSON arguments into a few pieces, as real servers stream them. */
function argumentChunks(call: ScriptedToolCall): string[] {
	const json = call.rawArguments ?? JSON.stringify(call.input ?? {});
	const size = Math.max(1, Math.ceil(json.length / 3));
	const chunks: string[] = [];
	for (let start = 0; start < json.length; start += size) {
		chunks.push(json.slice(start, start + size));
	}

	return chunks;
}

function anthropicWriter(response: http.ServerResponse): Writer {
	const block = (index: number, content: unknown) =>
		sse(response, 'content_block_start', {type: 'content_block_start', index, content_block: content});
	return {
		start(usage) {
			sse(response, 'message_start', {
				type: 'message_start',
				message: {
					id: 'msg_fake',
					type: 'message',
					role: 'assistant',
					model: 'fake-model',
					content: [],
					stop_reason: null,
					stop_sequence: null,
					usage: {input_tokens: usage === 'none' ? 0 : usage.input, output_tokens: usage === 'none' ? 0 : 1},
				},
			});
		},
		text(chunk, index) {
			sse(response, 'content_block_delta', {
				type: 'content_block_delta',
				index,
				delta: {type: 'text_delta', text: chunk},
			});
		},
		endText(index) {
			sse(response, 'content_block_stop', {type: 'content_block_stop', index});
		},
		toolCall(call, index, _ordinal, partial = false) {
			block(index, {type: 'tool_use', id: call.id, name: call.name, input: {}});
			const pieces = argumentChunks(call);
			for (const piece of partial ? pieces.slice(0, 1) : pieces) {
				sse(response, 'content_block_delta', {
					type: 'content_block_delta',
					index,
					delta: {type: 'input_json_delta', partial_json: piece},
				});
			}

			if (!partial) {
				sse(response, 'content_block_stop', {type: 'content_block_stop', index});
			}
		},
		finish(reason, usage) {
			sse(response, 'message_delta', {
				type: 'message_delta',
				delta: {stop_reason: reason === 'tools' ? 'tool_use' : 'end_turn', stop_sequence: null},
				usage: {output_tokens: usage === 'none' ? 0 : usage.output},
			});
			sse(response, 'message_stop', {type: 'message_stop'});
		},
	};
}

function openaiWriter(response: http.ServerResponse): Writer {
	const chunk = (delta: unknown, finishReason: string | null = null) =>
		sse(response, undefined, {
			id: 'chatcmpl-fake',
			object: 'chat.completion.chunk',
			created: 1_700_000_000,
			model: 'fake-model',
			choices: [{index: 0, delta, finish_reason: finishReason}],
		});
	return {
		start() {
			chunk({role: 'assistant', content: ''});
		},
		text(text) {
			chunk({content: text});
		},
		endText() {
			// Chat Completions has no end-of-text marker.
		},
		toolCall(call, _index, ordinal, partial = false) {
			chunk({
				tool_calls: [
					{index: ordinal, id: call.id, type: 'function', function: {name: call.name, arguments: ''}},
				],
			});
			const pieces = argumentChunks(call);
			for (const piece of partial ? pieces.slice(0, 1) : pieces) {
				chunk({tool_calls: [{index: ordinal, function: {arguments: piece}}]});
			}
		},
		finish(reason, usage) {
			chunk({}, reason === 'tools' ? 'tool_calls' : 'stop');
			if (usage !== 'none') {
				sse(response, undefined, {
					id: 'chatcmpl-fake',
					object: 'chat.completion.chunk',
					created: 1_700_000_000,
					model: 'fake-model',
					choices: [],
					usage: {
						prompt_tokens: usage.input,
						completion_tokens: usage.output,
						total_tokens: usage.input + usage.output,
					},
				});
			}

			sse(response, undefined, '[DONE]');
		},
	};
}

function errorBody(api: FakeApi, status: number, message: string): unknown {
	if (api === 'anthropic') {
		const type =
			status === 401
				? 'authentication_error'
				: status === 403
					? 'permission_error'
					: status === 404
						? 'not_found_error'
						: status === 429
							? 'rate_limit_error'
							: status === 529
								? 'overloaded_error'
								: 'api_error';
		return {type: 'error', error: {type, message}};
	}

	return {error: {message, type: 'invalid_request_error', code: status === 404 ? 'model_not_found' : null}};
}

/**
Lets a paced reply's text chunks go one at a time: chunk 0 goes at once, chunk N once `release` was
called N times. The test decides the pace (what is on screen between two chunks), not a clock.
*/
export type Pacer = {
	readonly wait: (index: number) => Promise<void>;
	/** Lets the next chunk go. */
	readonly release: () => void;
};

/** A new Pacer with nothing released. */
export function createPacer(): Pacer {
	let released = 0;
	const waiting = new Map<number, () => void>();
	return {
		wait(index) {
			return index <= released
				? Promise.resolve()
				: new Promise((resolve) => {
						waiting.set(index, resolve);
					});
		},
		release() {
			released++;
			waiting.get(released)?.();
			waiting.delete(released);
		},
	};
}

async function writeTurn(api: FakeApi, turn: ScriptedTurn, response: http.ServerResponse): Promise<void> {
	if (turn.type === 'error') {
		const headers: http.OutgoingHttpHeaders = {'content-type': 'application/json'};
		if (turn.retryAfter !== undefined) {
			headers['retry-after'] = turn.retryAfter;
		}

		response.writeHead(turn.status, headers);
		response.end(JSON.stringify(errorBody(api, turn.status, turn.message ?? `fake error ${turn.status}`)));
		return;
	}

	response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'});
	const writer = api === 'anthropic' ? anthropicWriter(response) : openaiWriter(response);
	const usage = (turn.type === 'reply' ? turn.usage : undefined) ?? defaultUsage;
	writer.start(usage);
	const text = turn.text ?? [];
	if (text.length > 0 && api === 'anthropic') {
		sse(response, 'content_block_start', {
			type: 'content_block_start',
			index: 0,
			content_block: {type: 'text', text: ''},
		});
	}

	for (const [index, piece] of text.entries()) {
		if (turn.type === 'reply' && turn.pace !== undefined) {
			// Chunks wait in order: each for the test to let it go.
			// eslint-disable-next-line no-await-in-loop
			await turn.pace(index);
		}

		writer.text(piece, 0);
	}

	if (turn.type === 'cut') {
		if (turn.inToolCall !== undefined) {
			if (text.length > 0) {
				writer.endText(0);
			}

			writer.toolCall(turn.inToolCall, text.length > 0 ? 1 : 0, 0, true);
		}

		// Let the chunks reach the client first, then drop the connection without ending the stream.
		setTimeout(() => response.socket?.destroy(), 5);
		return;
	}

	if (turn.type === 'hang') {
		return; // The client aborts; the socket closes from its side.
	}

	if (text.length > 0) {
		writer.endText(0);
	}

	const calls = turn.toolCalls ?? [];
	for (const [ordinal, call] of calls.entries()) {
		writer.toolCall(call, ordinal + (text.length > 0 ? 1 : 0), ordinal);
	}

	writer.finish(calls.length > 0 ? 'tools' : 'stop', usage);
	response.end();
}

function readBody(request: http.IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const parts: Buffer[] = [];
		request.on('data', (part: Buffer) => parts.push(part));
		request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
		request.on('error', reject);
	});
}

/** Starts a server that answers requests with `script`, one turn per request. */
export async function startFakeModelServer(
	api: FakeApi,
	script: readonly ScriptedTurn[],
): Promise<FakeModelServer> {
	const queue = [...script];
	const requests: RecordedRequest[] = [];
	const expectedPath = api === 'anthropic' ? '/v1/messages' : '/v1/chat/completions';
	const server = http.createServer(async (request, response) => {
		const text = await readBody(request);
		let body: unknown = text;
		try {
			body = JSON.parse(text);
		} catch {
			// Recorded as text.
		}

		requests.push({path: request.url ?? '', headers: request.headers, body});
		if (request.url !== expectedPath) {
			response.writeHead(404, {'content-type': 'application/json'});
			response.end(JSON.stringify(errorBody(api, 404, `no route ${request.url ?? ''}`)));
			return;
		}

		const turn = queue.shift();
		await writeTurn(
			api,
			turn ?? {type: 'error', status: 500, message: 'the fake script is exhausted'},
			response,
		);
	});
	await new Promise<void>((resolve) => {
		server.listen(0, '127.0.0.1', resolve);
	});
	const address = server.address();
	if (address === null || typeof address === 'string') {
		throw new Error('The fake model server has no TCP address.');
	}

	const {port} = address;
	return {
		origin: `http://127.0.0.1:${port}`,
		requests,
		remaining: () => queue.length,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
			});
		},
	};
}
