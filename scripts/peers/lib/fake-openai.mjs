// Scripted fake of the OpenAI Responses API (what Codex CLI speaks), for driving Codex on 127.0.0.1.
//
// startFakeOpenAI({ toolName, calls, makeArguments }) -> { port, url, state, close() }   (same shape as
// startFakeAnthropic, so run-peers.mjs treats both alike)
//   toolName:      the shell tool's function name as the agent declares it ("exec_command" in Codex 0.171)
//   calls:         [{ input: {...} }, ...]  one per model turn, in order; `input` is what gets recorded
//   makeArguments: input -> the function_call `arguments` object to send (default: the input itself)
//
// Protocol handled:
//   POST /v1/responses (streaming SSE, or plain JSON when stream is false)
//       -> main loop: if the request declares a function named `toolName`, stream the next scripted
//          function_call (response.created, a short assistant message, response.output_item.added for the
//          function_call, two response.function_call_arguments.delta pieces, ...arguments.done,
//          response.output_item.done, response.completed); when the script is done, a short assistant
//          message. Requests that declare no such tool (titles, summaries, memories) get a short text.
//   GET  /v1/models                     -> {"models": [], "data": []} (logged)
//   anything else                       -> 404 (logged)
//
// Every function_call_output that comes back is recorded: the exact input item, the output text, the items
// the agent put after it in the same request, and timing (issued_at = when the response carrying the
// function_call finished; result_headers_at = when the request carrying the output arrived).

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

export const CALL_PREFIX = 'call_fake_';

function sse(res, data) {
	res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
}

// The tools a request declares, flattened: plain `tools`, plus tools handed over in `additional_tools`
// input items (Codex's code mode), plus namespaces.
// A tool found through tool_search (Codex defers MCP tools behind it) comes back in a tool_search_output input
// item, inside its namespace (mcp__<server>); toolNamespace remembers which, for the function_call.
const toolNamespace = new WeakMap();
function declaredTools(body) {
	const acc = [];
	const add = (list, namespace) => {
		for (const t of list ?? []) {
			if (Array.isArray(t?.tools)) add(t.tools, t.type === 'namespace' ? t.name : namespace);
			else if (t) {
				if (namespace) toolNamespace.set(t, namespace);
				acc.push(t);
			}
		}
	};
	add(body?.tools);
	for (const it of body?.input ?? [])
		if (it?.type === 'additional_tools' || it?.type === 'tool_search_output') add(it.tools);
	return acc;
}

// The text of a function_call_output's `output`: a string as is; content items joined (text only).
export function outputText(output) {
	if (typeof output === 'string') return output;
	if (Array.isArray(output))
		return output.map((p) => (typeof p?.text === 'string' ? p.text : `[${p?.type ?? '?'} item]`)).join('');
	if (output && typeof output === 'object' && typeof output.content === 'string') return output.content;
	return JSON.stringify(output);
}

function usage(inTok) {
	return {
		input_tokens: inTok,
		input_tokens_details: {cached_tokens: 0},
		output_tokens: 10,
		output_tokens_details: {reasoning_tokens: 0},
		total_tokens: inTok + 10,
	};
}

let seq = 0;
const uid = (p) =>
	`${p}_${Date.now().toString(36)}${(++seq).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

// Writes one model response. items: [{type:"message", text} | {type:"function_call", call_id, name, arguments}]
function sendResponse(res, body, items) {
	const model = body?.model ?? 'fake-model';
	const respId = uid('resp_fake');
	const inTok = Math.max(1, Math.ceil(JSON.stringify(body?.input ?? '').length / 4)); // cheap: usage only
	const created_at = Math.floor(Date.now() / 1000);
	const full = items.map((it) =>
		it.type === 'tool_search_call'
			? {id: uid('ts_fake'), status: 'completed', ...it}
			: it.type === 'message'
				? {
						id: uid('msg_fake'),
						type: 'message',
						status: 'completed',
						role: 'assistant',
						content: [{type: 'output_text', text: it.text, annotations: []}],
					}
				: {
						id: uid('fc_fake'),
						type: 'function_call',
						status: 'completed',
						arguments: JSON.stringify(it.arguments),
						call_id: it.call_id,
						name: it.name,
						...(it.namespace && {namespace: it.namespace}),
					},
	);
	const envelope = (status, output) => ({
		id: respId,
		object: 'response',
		created_at,
		status,
		model,
		output,
		parallel_tool_calls: false,
		tool_choice: 'auto',
		tools: [],
		usage: status === 'completed' ? usage(inTok) : null,
	});
	return new Promise((resolve) => {
		if (body?.stream === false) {
			res.writeHead(200, {'content-type': 'application/json', 'x-request-id': `req_${respId}`});
			res.end(JSON.stringify(envelope('completed', full)), resolve);
			return;
		}
		res.writeHead(200, {
			'content-type': 'text/event-stream; charset=utf-8',
			'cache-control': 'no-cache',
			connection: 'keep-alive',
			'x-request-id': `req_${respId}`,
		});
		let n = 0;
		const ev = (o) => sse(res, {...o, sequence_number: n++});
		ev({type: 'response.created', response: envelope('in_progress', [])});
		ev({type: 'response.in_progress', response: envelope('in_progress', [])});
		full.forEach((item, output_index) => {
			if (item.type === 'tool_search_call') {
				ev({type: 'response.output_item.added', output_index, item: {...item, status: 'in_progress'}});
			} else if (item.type === 'message') {
				const text = item.content[0].text;
				ev({
					type: 'response.output_item.added',
					output_index,
					item: {...item, status: 'in_progress', content: []},
				});
				ev({
					type: 'response.content_part.added',
					item_id: item.id,
					output_index,
					content_index: 0,
					part: {type: 'output_text', text: '', annotations: []},
				});
				ev({
					type: 'response.output_text.delta',
					item_id: item.id,
					output_index,
					content_index: 0,
					delta: text,
				});
				ev({type: 'response.output_text.done', item_id: item.id, output_index, content_index: 0, text});
				ev({
					type: 'response.content_part.done',
					item_id: item.id,
					output_index,
					content_index: 0,
					part: item.content[0],
				});
			} else {
				ev({
					type: 'response.output_item.added',
					output_index,
					item: {...item, status: 'in_progress', arguments: ''},
				});
				// the arguments in two pieces, as the real API streams partial JSON
				const cut = Math.max(1, Math.floor(item.arguments.length / 2));
				ev({
					type: 'response.function_call_arguments.delta',
					item_id: item.id,
					output_index,
					delta: item.arguments.slice(0, cut),
				});
				ev({
					type: 'response.function_call_arguments.delta',
					item_id: item.id,
					output_index,
					delta: item.arguments.slice(cut),
				});
				ev({
					type: 'response.function_call_arguments.done',
					item_id: item.id,
					output_index,
					arguments: item.arguments,
				});
			}
			ev({type: 'response.output_item.done', output_index, item});
		});
		ev({type: 'response.completed', response: envelope('completed', full)});
		res.end(resolve);
	});
}

export function startFakeOpenAI({
	toolName,
	calls,
	makeArguments = (input) => input,
	// When the tool is not declared but a tool_search tool is (Codex defers MCP tools), search for it with
	// this query first.
	searchQuery = null,
	host = '127.0.0.1',
	port = 0,
	dumpDir = null,
}) {
	if (dumpDir) fs.mkdirSync(dumpDir, {recursive: true});
	const state = {
		requests: [], // one summary per HTTP request
		issued: [], // [{ id, input, arguments, issued_at }]
		results: {}, // call_id -> record
		readToolDefinition: null,
		finishedAt: null,
		countTokens: [], // (no such endpoint here; kept for run-peers.mjs)
	};
	const t0 = Date.now();

	const server = http.createServer((req, res) => {
		const headersAt = Date.now();
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', async () => {
			const bodyAt = Date.now();
			let buf = Buffer.concat(chunks);
			const enc = req.headers['content-encoding'];
			try {
				if (enc === 'gzip') buf = zlib.gunzipSync(buf);
				else if (enc === 'deflate') buf = zlib.inflateSync(buf);
				else if (enc === 'br') buf = zlib.brotliDecompressSync(buf);
			} catch {}
			const raw = buf.toString('utf8');
			let body = null;
			try {
				body = raw ? JSON.parse(raw) : null;
			} catch {
				body = null;
			}
			const url = new URL(req.url, 'http://x');
			const tools = declaredTools(body);
			const summary = {
				t_ms: headersAt - t0,
				method: req.method,
				path: url.pathname + url.search,
				bytes: raw.length,
				...(enc && {content_encoding: enc}),
				model: body?.model,
				stream: body?.stream,
				n_input_items: Array.isArray(body?.input) ? body.input.length : undefined,
				tools: body ? tools.length : undefined,
				kind: 'other',
			};
			if (raw && !body) summary.unparsed_body = raw.slice(0, 200);
			state.requests.push(summary);
			try {
				if (req.method === 'POST' && /\/responses$/.test(url.pathname)) {
					// toolName may list candidates: releases name their shell tool differently (exec_command,
					// shell_command, shell); the first one the request declares is used.
					const names = Array.isArray(toolName) ? toolName : [toolName];
					const tool = names.map((n) => tools.find((t) => t?.name === n)).find(Boolean);
					const searched = (body?.input ?? []).some((it) => it?.type === 'tool_search_output');
					if (!tool && searchQuery && !searched && tools.some((t) => t?.type === 'tool_search')) {
						summary.kind = 'main';
						summary.issued = 'tool_search';
						await sendResponse(res, body, [
							{
								type: 'tool_search_call',
								call_id: 'search_fake_01',
								execution: 'client',
								arguments: {query: searchQuery, limit: 8},
							},
						]);
						return;
					}
					if (!tool) {
						summary.kind = 'aux';
						await sendResponse(res, body, [{type: 'message', text: 'OK'}]);
						return;
					}
					summary.kind = 'main';
					if (!state.readToolDefinition) state.readToolDefinition = tool;
					const input = body.input ?? [];
					// A compaction request (Codex's own summary prompt as the last user message) gets a summary.
					const lastItem = input[input.length - 1];
					const lastText =
						lastItem?.type === 'message' && lastItem.role === 'user'
							? JSON.stringify(lastItem.content ?? '')
							: '';
					const isSummary =
						/summar|checkpoint|handoff/i.test(lastText) &&
						input.some((it) => String(it?.call_id ?? '').startsWith(CALL_PREFIX));
					input.forEach((it, ii) => {
						if (
							!/_call_output$/.test(it?.type ?? '') ||
							!String(it.call_id).startsWith(CALL_PREFIX) ||
							state.results[it.call_id]
						)
							return;
						const issued = state.issued.find((i) => i.id === it.call_id);
						const {output, ...rest} = it;
						state.results[it.call_id] = {
							tool_use_id: it.call_id,
							input: issued?.input,
							issued_at: issued?.issued_at,
							result_headers_at: headersAt,
							result_body_at: bodyAt,
							wall_ms_server: issued ? headersAt - issued.issued_at : null,
							// the input item as Codex sent it, with its `output` text under `content` (the field the other
							// agents' records use); a non-string output is kept as is under `output`.
							tool_result: {
								...rest,
								content: outputText(output),
								...(typeof output !== 'string' && {output}),
							},
							other_blocks_in_same_user_message: [],
							later_messages_in_same_request: input.slice(ii + 1),
							position: {message_index: ii, of_messages: input.length},
							request_body_bytes: raw.length,
						};
						summary.carried_result = it.call_id;
					});
					if (dumpDir)
						fs.writeFileSync(
							path.join(dumpDir, `main-request-${String(state.requests.length).padStart(2, '0')}.json`),
							raw,
						);
					// Step = how many of our function_calls the conversation already holds.
					// After a compaction the history no longer holds the earlier calls: count the results received too.
					const step = Math.max(
						input.filter((it) => /_call$/.test(it?.type ?? '') && String(it.call_id).startsWith(CALL_PREFIX))
							.length,
						Object.keys(state.results).length,
					);
					if (isSummary) {
						summary.issued = 'summary';
						await sendResponse(res, body, [
							{type: 'message', text: 'Summary: the user asked for shell commands to be run; they were run.'},
						]);
						return;
					}
					if (step < calls.length) {
						const id = `${CALL_PREFIX}${String(step + 1).padStart(2, '0')}`;
						const args = makeArguments(calls[step].input, tool.name);
						summary.issued = id;
						await sendResponse(res, body, [
							{type: 'message', text: `Calling ${toolName} (step ${step + 1}).`},
							{
								type: 'function_call',
								call_id: id,
								name: tool.name,
								namespace: toolNamespace.get(tool),
								arguments: args,
							},
						]);
						if (!state.issued.find((i) => i.id === id))
							state.issued.push({
								id,
								input: calls[step].input,
								tool: tool.name,
								arguments: args,
								issued_at: Date.now(),
							});
					} else {
						summary.issued = 'final_message';
						await sendResponse(res, body, [{type: 'message', text: 'Done: tool results recorded.'}]);
						state.finishedAt = Date.now();
					}
					return;
				}
				if (req.method === 'GET' && /\/models$/.test(url.pathname)) {
					res.writeHead(200, {'content-type': 'application/json'});
					res.end(JSON.stringify({object: 'list', models: [], data: []}));
					return;
				}
				res.writeHead(404, {'content-type': 'application/json'});
				res.end(
					JSON.stringify({
						error: {message: `fake: no route ${req.method} ${url.pathname}`, type: 'not_found'},
					}),
				);
			} catch (e) {
				summary.error = String(e?.stack ?? e);
				try {
					res.writeHead(500, {'content-type': 'application/json'});
				} catch {}
				res.end(JSON.stringify({error: {message: String(e), type: 'server_error'}}));
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
