// Scripted fake of the Anthropic Messages API, for driving real coding agents on 127.0.0.1.
//
// startFakeAnthropic({ toolName, calls }) -> { port, url, state, close() }
//   toolName: the read tool's name as the agent declares it ("Read" for Claude Code, "read" for pi)
//   calls:    [{ input: {...} }, ...]  tool_use inputs to issue, one per model turn, in order
//
// Protocol handled:
//   POST /v1/messages (stream or not)   -> main loop: if the request declares `toolName`, issue the next
//                                          scripted tool_use (stop_reason "tool_use"); when the script is
//                                          exhausted, answer a short end_turn text. Requests that declare no
//                                          such tool (titles, quota checks, summaries) get a short text.
//   POST /v1/messages/count_tokens      -> {"input_tokens": N} from the legacy Claude tokenizer (see estimateTokens)
//   anything else                       -> 200 {} (logged), GET /v1/models -> a one-model list
//
// Every tool_result that comes back is recorded with its exact JSON, the other blocks of the same user
// message, any messages the agent appended after it, and timing: issued_at = when the response carrying the tool_use finished, result_at = when the
// request carrying the tool_result arrived (headers) / was fully received (body).

import fs from 'node:fs';
import http from 'node:http';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ID_PREFIX = 'toolu_fake_';
const SUB_PREFIX = 'toolu_fake_s'; // ids of the calls issued inside a subagent's conversation
// The subagent's prompt carries this marker, so its requests can be told from the main loop's.
const SEARCH_ID = 'toolu_search_01';
export const SUB_MARKER = '[[lector-subagent]]';
const SUB_PROMPT = `${SUB_MARKER} Read the files I will ask for with your file-reading tool, then say done.`;

// All the text of a message that is not a tool result (prompts, reminders), for telling conversations apart.
function messageText(m) {
	if (typeof m?.content === 'string') return m.content;
	if (!Array.isArray(m?.content)) return '';
	return m.content
		.filter((b) => b?.type === 'text')
		.map((b) => b.text ?? '')
		.join('\n');
}
// A compaction request asks for a summary of the conversation instead of carrying a new tool result.
function isSummaryRequest(msgs) {
	const last = msgs[msgs.length - 1];
	if (msgs.length < 2 || last?.role !== 'user') return false;
	if (Array.isArray(last.content) && last.content.some((b) => b?.type === 'tool_result')) return false;
	return /summar/i.test(messageText(last));
}

// Token counts: the real API tokenizes with the current Claude tokenizer, which is not public. We use
// Anthropic's legacy tokenizer (npm @anthropic-ai/tokenizer, installed by run.sh into .cache/tokenizer)
// when present, else chars/4. Claude Code's Read asks count_tokens before deciding where to cut a big
// file, so this number moves its cut point; the tokenizer used is recorded in each requests.json.
const _here = path.dirname(fileURLToPath(import.meta.url));
let legacyCount = null;
try {
	const cacheRoot =
		process.env.LECTOR_PEERS_CACHE ?? path.join(process.env.HOME ?? '/tmp', '.cache', 'lector-peers');
	const req = createRequire(path.join(cacheRoot, 'tokenizer', 'package.json'));
	legacyCount = req('@anthropic-ai/tokenizer').countTokens;
} catch {
	legacyCount = null;
}
export const TOKENIZER = legacyCount
	? '@anthropic-ai/tokenizer (legacy Claude tokenizer)'
	: 'chars/4 estimate';

function collectText(v, acc) {
	if (typeof v === 'string') acc.push(v);
	else if (Array.isArray(v)) {
		for (const x of v) collectText(x, acc);
	} else if (v && typeof v === 'object') {
		if (v.type === 'image' || v.type === 'document') {
			acc.push('x'.repeat(6000));
			return;
		} // ~1.5k tokens
		for (const [k, x] of Object.entries(v)) if (k !== 'cache_control' && k !== 'source') collectText(x, acc);
	}
	return acc;
}
function estimateTokens(body) {
	const text = collectText(body ?? '', []).join('\n');
	if (legacyCount) {
		try {
			return Math.max(1, legacyCount(text));
		} catch {}
	}
	return Math.max(1, Math.ceil(text.length / 4));
}

function sse(res, event, data) {
	res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function messageEnvelope(id, model, content, stopReason, inTok, outTok) {
	return {
		id,
		type: 'message',
		role: 'assistant',
		model,
		content,
		stop_reason: stopReason,
		stop_sequence: null,
		usage: {
			input_tokens: inTok,
			output_tokens: outTok,
			cache_creation_input_tokens: 0,
			cache_read_input_tokens: 0,
		},
	};
}

// Writes a complete assistant message, streaming (SSE) or not. blocks: [{type:"text",text}|{type:"tool_use",id,name,input}]
function sendMessage(_req, res, body, blocks, stopReason) {
	const model = body?.model ?? 'fake-model';
	const id = `msg_fake_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
	const inTok = Math.max(1, Math.ceil(JSON.stringify(body?.messages ?? '').length / 4)); // cheap: usage only
	const outTok = 10;
	return new Promise((resolve) => {
		if (!body?.stream) {
			const payload = JSON.stringify(messageEnvelope(id, model, blocks, stopReason, inTok, outTok));
			res.writeHead(200, {'content-type': 'application/json', 'request-id': `req_${id}`});
			res.end(payload, resolve);
			return;
		}
		res.writeHead(200, {
			'content-type': 'text/event-stream; charset=utf-8',
			'cache-control': 'no-cache',
			connection: 'keep-alive',
			'request-id': `req_${id}`,
		});
		sse(res, 'message_start', {
			type: 'message_start',
			message: messageEnvelope(id, model, [], null, inTok, 1),
		});
		blocks.forEach((b, index) => {
			if (b.type === 'text') {
				sse(res, 'content_block_start', {
					type: 'content_block_start',
					index,
					content_block: {type: 'text', text: ''},
				});
				sse(res, 'content_block_delta', {
					type: 'content_block_delta',
					index,
					delta: {type: 'text_delta', text: b.text},
				});
			} else {
				sse(res, 'content_block_start', {
					type: 'content_block_start',
					index,
					content_block: {type: 'tool_use', id: b.id, name: b.name, input: {}},
				});
				const json = JSON.stringify(b.input);
				// send the input in two pieces, as the real API streams partial JSON
				const cut = Math.max(1, Math.floor(json.length / 2));
				sse(res, 'content_block_delta', {
					type: 'content_block_delta',
					index,
					delta: {type: 'input_json_delta', partial_json: json.slice(0, cut)},
				});
				sse(res, 'content_block_delta', {
					type: 'content_block_delta',
					index,
					delta: {type: 'input_json_delta', partial_json: json.slice(cut)},
				});
			}
			sse(res, 'content_block_stop', {type: 'content_block_stop', index});
		});
		sse(res, 'message_delta', {
			type: 'message_delta',
			delta: {stop_reason: stopReason, stop_sequence: null},
			usage: {output_tokens: outTok},
		});
		sse(res, 'message_stop', {type: 'message_stop'});
		res.end(resolve);
	});
}

function declaresTool(body, toolName) {
	return Array.isArray(body?.tools) && body.tools.some((t) => t?.name === toolName);
}

export function startFakeAnthropic({
	toolName,
	calls,
	subCalls = [],
	taskTools = ['Task', 'Agent'],
	// When the tool is not declared but this search tool is (Claude Code defers MCP tools behind ToolSearch),
	// search for it first: {name: 'ToolSearch', input: {query: 'select:mcp__lector__read'}}.
	search = null,
	host = '127.0.0.1',
	port = 0,
	dumpDir = null,
}) {
	if (dumpDir) fs.mkdirSync(dumpDir, {recursive: true});
	const state = {
		requests: [], // one summary per HTTP request
		issued: [], // [{ id, input, issued_at }]
		results: {}, // tool_use_id -> record
		readToolDefinition: null,
		finishedAt: null, // when the final end_turn was sent
		countTokens: [], // [{start, end}] of count_tokens requests (time this fake spent tokenizing)
	};
	const t0 = Date.now();

	const server = http.createServer((req, res) => {
		const headersAt = Date.now();
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', async () => {
			const bodyAt = Date.now();
			const raw = Buffer.concat(chunks).toString('utf8');
			let body = null;
			try {
				body = raw ? JSON.parse(raw) : null;
			} catch {
				body = null;
			}
			const url = new URL(req.url, 'http://x');
			const summary = {
				t_ms: headersAt - t0,
				method: req.method,
				path: url.pathname + url.search,
				bytes: raw.length,
				model: body?.model,
				stream: body?.stream,
				max_tokens: body?.max_tokens,
				n_messages: Array.isArray(body?.messages) ? body.messages.length : undefined,
				tools: Array.isArray(body?.tools) ? body.tools.length : undefined,
				kind: 'other',
			};
			state.requests.push(summary);
			try {
				if (req.method === 'POST' && /\/messages\/count_tokens$/.test(url.pathname)) {
					summary.kind = 'count_tokens';
					const n = estimateTokens({s: body?.system, m: body?.messages, t: body?.tools});
					summary.answered_tokens = n;
					summary.tokenizer = TOKENIZER;
					res.writeHead(200, {'content-type': 'application/json'});
					res.end(JSON.stringify({input_tokens: n}));
					summary.server_ms = Date.now() - headersAt;
					state.countTokens.push({start: headersAt, end: Date.now()});
					return;
				}
				if (req.method === 'POST' && /\/messages$/.test(url.pathname)) {
					const searchedYet = (body?.messages ?? []).some(
						(m) =>
							m?.role === 'assistant' &&
							Array.isArray(m.content) &&
							m.content.some((b) => b?.type === 'tool_use' && b.id === SEARCH_ID),
					);
					if (!declaresTool(body, toolName) && search && !searchedYet && declaresTool(body, search.name)) {
						summary.kind = 'main';
						summary.issued = 'tool_search';
						await sendMessage(
							req,
							res,
							body,
							[
								{type: 'text', text: `Searching for ${toolName}.`},
								{type: 'tool_use', id: SEARCH_ID, name: search.name, input: search.input},
							],
							'tool_use',
						);
						return;
					}
					if (!declaresTool(body, toolName)) {
						summary.kind = 'aux';
						await sendMessage(req, res, body, [{type: 'text', text: 'OK'}], 'end_turn');
						return;
					}
					summary.kind = 'main';
					if (!state.readToolDefinition)
						state.readToolDefinition = body.tools.find((t) => t.name === toolName);
					const msgs = body.messages ?? [];
					// Record every tool_result of ours the conversation carries that was not recorded yet. The agent
					// may put more user content after the tool_result (reminders, attachments): keep that too.
					msgs.forEach((m, mi) => {
						if (m?.role !== 'user' || !Array.isArray(m.content)) return;
						for (const block of m.content) {
							if (
								block?.type === 'tool_result' &&
								String(block.tool_use_id).startsWith(ID_PREFIX) &&
								!state.results[block.tool_use_id]
							) {
								const issued = state.issued.find((i) => i.id === block.tool_use_id);
								state.results[block.tool_use_id] = {
									tool_use_id: block.tool_use_id,
									input: issued?.input,
									issued_at: issued?.issued_at,
									result_headers_at: headersAt,
									result_body_at: bodyAt,
									wall_ms_server: issued ? headersAt - issued.issued_at : null,
									tool_result: block,
									other_blocks_in_same_user_message: m.content.filter(
										(b) => b !== block && b?.type !== 'tool_result',
									),
									later_messages_in_same_request: msgs.slice(mi + 1),
									position: {message_index: mi, of_messages: msgs.length},
									request_body_bytes: raw.length,
								};
								summary.carried_result = block.tool_use_id;
							}
						}
					});
					if (dumpDir)
						fs.writeFileSync(
							path.join(dumpDir, `main-request-${String(state.requests.length).padStart(2, '0')}.json`),
							raw,
						);
					if (isSummaryRequest(msgs)) {
						summary.issued = 'summary';
						await sendMessage(
							req,
							res,
							body,
							[{type: 'text', text: 'Summary: the user asked for files to be read; they were read.'}],
							'end_turn',
						);
						return;
					}
					// Claude Code 2.0.x starts "Warmup" sidechains (prompt "Warmup") that declare the tools too: they get
					// a plain answer, or they would take the scripted calls.
					if (msgs.length > 0 && messageText(msgs[0]).trim().startsWith('Warmup')) {
						summary.issued = 'warmup';
						await sendMessage(req, res, body, [{type: 'text', text: 'OK'}], 'end_turn');
						return;
					}
					// Which conversation: the subagent's (its first message carries the marker) or the main loop's.
					const isSub = msgs.length > 0 && messageText(msgs[0]).includes(SUB_MARKER);
					const script = isSub ? subCalls : calls;
					const prefix = isSub ? SUB_PREFIX : ID_PREFIX;
					// Step = how many of our tool_uses the conversation already holds.
					let step = 0;
					for (const m of msgs) {
						if (m.role === 'assistant' && Array.isArray(m.content)) {
							step += m.content.filter(
								(b) =>
									b?.type === 'tool_use' &&
									String(b.id).startsWith(prefix) &&
									(isSub || !String(b.id).startsWith(SUB_PREFIX)),
							).length;
						}
					}
					if (step < script.length) {
						const id = `${prefix}${String(step + 1).padStart(2, '0')}`;
						let name = toolName;
						let input = script[step].input;
						if (script[step].task) {
							// the main loop starts a subagent with whichever name this release gives its agent tool
							name = taskTools.find((t) => declaresTool(body, t)) ?? taskTools[0];
							input = {description: 'Read two files', prompt: SUB_PROMPT, subagent_type: 'general-purpose'};
						}
						summary.issued = id;
						await sendMessage(
							req,
							res,
							body,
							[
								{type: 'text', text: `Calling ${name} (step ${step + 1}).`},
								{type: 'tool_use', id, name, input},
							],
							'tool_use',
						);
						if (!state.issued.find((i) => i.id === id))
							state.issued.push({
								id,
								input,
								tool: name,
								...(isSub && {subagent: true}),
								issued_at: Date.now(),
							});
					} else {
						summary.issued = 'end_turn';
						await sendMessage(
							req,
							res,
							body,
							[{type: 'text', text: 'Done: read tool results recorded.'}],
							'end_turn',
						);
						if (!isSub) state.finishedAt = Date.now();
					}
					return;
				}
				if (req.method === 'GET' && /\/v1\/models/.test(url.pathname)) {
					res.writeHead(200, {'content-type': 'application/json'});
					res.end(
						JSON.stringify({
							data: [
								{
									type: 'model',
									id: 'claude-sonnet-4-5',
									display_name: 'Fake',
									created_at: '2025-01-01T00:00:00Z',
								},
							],
							has_more: false,
							first_id: null,
							last_id: null,
						}),
					);
					return;
				}
				res.writeHead(200, {'content-type': 'application/json'});
				res.end('{}');
			} catch (e) {
				summary.error = String(e?.stack ?? e);
				try {
					res.writeHead(500, {'content-type': 'application/json'});
				} catch {}
				res.end(JSON.stringify({type: 'error', error: {type: 'api_error', message: String(e)}}));
			}
		});
	});
	server.keepAliveTimeout = 1000;

	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			const {port: p} = server.address();
			resolve({
				port: p,
				url: `http://${host}:${p}`,
				state,
				t0,
				close: () =>
					new Promise((r) => {
						server.closeAllConnections?.();
						server.close(() => r());
					}),
			});
		});
	});
}

// Standalone: node lib/fake-anthropic.mjs <toolName> '<json calls>' [port]
if (import.meta.url === `file://${process.argv[1]}`) {
	const [toolName = 'Read', callsJson = '[]', port = '8787'] = process.argv.slice(2);
	const srv = await startFakeAnthropic({toolName, calls: JSON.parse(callsJson), port: Number(port)});
	console.log(`fake Anthropic API on ${srv.url} (tool ${toolName}); Ctrl-C to stop`);
	process.on('SIGINT', async () => {
		console.log(JSON.stringify(srv.state, null, 2));
		await srv.close();
		process.exit(0);
	});
}
