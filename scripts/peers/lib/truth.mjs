// The truth about one recorded read, computed from the corpus file itself and the exact tool result the
// agent sent (tool_results.json): which of the file's lines the model got, whether the agent cut the read and
// how, and the notice the model was given. Deliberately independent of lector's code: the file is split and
// matched here, line by line, against what the model received.
import fs from 'node:fs';
import path from 'node:path';

// A file's lines as a person counts them: a final newline ends the last line, it does not start another.
export function fileLines(text) {
	if (text === '') return [];
	const parts = text.split('\n');
	if (parts[parts.length - 1] === '') parts.pop();
	return parts.map((l) => l.replace(/\r$/, ''));
}

// The text blocks of a tool result, joined (Claude Code and pi send a string or content blocks).
export function resultText(content) {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content
		.filter((b) => b?.type === 'text')
		.map((b) => b.text ?? '')
		.join('\n');
}
const hasImage = (content) => Array.isArray(content) && content.some((b) => b?.type === 'image');

// Does the line the model got carry file line `expected`? Equal, or a long line cut short by the agent.
function sameLine(got, expected) {
	const g = got.replace(/\r$/, '');
	if (g === expected) return 'whole';
	if (expected.length > 500 && g.length >= 200 && expected.startsWith(g)) return 'shortened';
	return null;
}

// Matches consecutive file lines from `first` against `gotLines`, each line read through `strip` (which removes
// the agent's line-number prefix and returns null when the number is not `n`). Returns how many matched.
function matchRun(gotLines, lines, first, strip) {
	let count = 0;
	let shortened = 0;
	for (let i = 0; i < gotLines.length && first - 1 + i < lines.length; i++) {
		const n = first + i;
		const body = strip(gotLines[i], n);
		if (body === null) break;
		const same = sameLine(body, lines[n - 1]);
		if (!same) break;
		if (same === 'shortened') shortened++;
		count++;
	}
	return {count, shortened};
}

// Claude Code numbers lines as `N\t` (2.1.x) or `     N→` (older); this removes the prefix for line n.
function ccStrip(line, n) {
	const m = /^\s*(\d+)(?:\t|→)(.*)$/s.exec(line);
	if (!m || Number(m[1]) !== n) return null;
	return m[2];
}
const rawStrip = (line) => line;
// `cat -n` and `nl -ba` both print the number right-aligned in 6 columns and a tab.
function numberedStrip(line, n) {
	const m = /^\s*(\d+)\t(.*)$/s.exec(line);
	if (!m || Number(m[1]) !== n) return null;
	return m[2];
}

function fileFacts(corpus, p) {
	const abs = path.isAbsolute(p) ? p : path.join(corpus, p);
	let st;
	try {
		st = fs.statSync(abs);
	} catch {
		return {abs, exists: false};
	}
	if (st.isDirectory()) return {abs, exists: true, directory: true};
	if (!st.isFile()) return {abs, exists: true, special: true};
	const buf = fs.readFileSync(abs);
	const text = buf.toString('utf8');
	const binary = /\.(png|jpe?g|gif|webp|pdf|so|bin)$/i.test(abs) || buf.includes(0);
	return {
		abs,
		exists: true,
		bytes: st.size,
		binary,
		text,
		lines: fileLines(text),
		endsWithNewline: text.endsWith('\n'),
	};
}

// The notice text: whatever the model got that is neither file lines nor the agent's line numbers.
function noticeOf(text, gotLines, count) {
	// Claude Code numbers the empty string after a final newline as one more line: that is not a notice.
	const after = gotLines.slice(count);
	if (after.length && /^\s*\d+(?:\t|→)$/.test(after[after.length - 1])) after.pop();
	const rest = after.join('\n').trim();
	return rest || (count === 0 && text.trim() ? text.trim() : null);
}

// Claude Code / pi `read` calls.
export function readTruth(agent, corpus, rec) {
	const input = rec.input ?? {};
	const p = input.file_path ?? input.path;
	const f = fileFacts(corpus, p);
	const content = rec.tool_result?.content;
	const text = resultText(content);
	const isError = rec.tool_result?.is_error === true || rec.tool_result?.isError === true;
	// Claude Code puts its truncation notice in a separate message after the tool result (2.1.3xx) or as a
	// sibling text block: keep those as the notice the model got.
	const extra = [
		...(rec.other_blocks_in_same_user_message ?? []).filter((b) => b?.type === 'text').map((b) => b.text),
		...(rec.later_messages_in_same_request ?? []).map((m) => resultText(m.content)),
	].filter((t) => /truncat|partial view|exceeds|showing lines/i.test(t ?? ''));
	const base = {path: p, file_exists: f.exists};
	if (!f.exists || f.directory || f.special)
		return {
			...base,
			kind: 'error',
			is_error: isError,
			total_lines: null,
			first_line: null,
			lines_got: 0,
			cut: null,
			notice: text.slice(0, 400),
		};
	if (hasImage(content) || (f.binary && !f.text?.length))
		return {
			...base,
			kind: 'image',
			total_lines: null,
			first_line: null,
			lines_got: 0,
			cut: null,
			notice: text.slice(0, 400) || null,
		};
	const lines = f.lines;
	const total = lines.length;
	const offset = input.offset ?? 1;
	const limit = input.limit;
	// What was asked for: lines offset..offset+limit-1, clipped to the file.
	const askedLast = Math.min(total, limit !== undefined ? offset + limit - 1 : total);
	const askedCount = Math.max(0, askedLast - offset + 1);
	let gotLines = text === '' ? [] : text.split('\n');
	const strip = agent === 'claude-code' ? ccStrip : rawStrip;
	// Claude Code 2.1.2xx puts its token-cap notice before the lines, in a <system-reminder>: skip to the
	// first numbered line and keep what came before as the notice.
	let lead = '';
	if (agent === 'claude-code') {
		const at = gotLines.findIndex((line) => ccStrip(line, offset) !== null);
		if (at > 0 && at < 20) {
			lead = gotLines.slice(0, at).join('\n');
			gotLines = gotLines.slice(at);
		}
	}
	if (/unchanged since/i.test(text) && agent === 'claude-code') {
		// 2.1.1xx: a repeated read of an unchanged file sends a note instead of the text.
		return {
			...base,
			kind: 'unchanged',
			total_lines: lines.length,
			first_line: null,
			lines_got: 0,
			cut: null,
			notice: text.trim(),
		};
	}
	// pi numbers nothing, so its first line is offset; Claude Code's first number must be offset too.
	const {count, shortened} = matchRun(gotLines, lines, offset, strip);
	let notice = [lead.trim(), noticeOf(text, gotLines, count)].filter(Boolean).join('\n') || null;
	if (extra.length) notice = [notice, ...extra].filter(Boolean).join('\n');
	let cut = null;
	if (isError && count === 0) {
		// Claude Code before the token-cap page: a whole-file read over the cap is refused outright.
		cut = /token|exceeds|size/i.test(text)
			? /token/i.test(text)
				? 'token cap (refused)'
				: 'size cap (refused)'
			: null;
	} else if (count < askedCount) {
		if (agent === 'pi')
			cut = /KB limit|\d+(\.\d+)?KB/.test(notice ?? '')
				? 'byte cap'
				: /Showing lines/.test(notice ?? '')
					? 'line cap'
					: 'unknown';
		else
			cut = /token/i.test(notice ?? '') ? 'token cap' : /line/i.test(notice ?? '') ? 'line cap' : 'unknown';
	}
	return {
		...base,
		// A result the agent marked as an error is what the model got, whatever the file holds.
		kind: isError && count === 0 ? 'error' : total === 0 ? 'empty' : 'text',
		is_error: isError,
		total_lines: total,
		ends_with_newline: f.endsWithNewline,
		asked: {first: offset, last: askedLast, count: askedCount},
		first_line: count > 0 ? offset : null,
		lines_got: count,
		...(shortened && {lines_shortened: shortened}),
		cut,
		notice,
	};
}

// The file lines a read-style shell command prints, or null when the command is not one. Each form maps its
// match to { path, first, last, numbered }.
const commandForms = [
	[/^cat -n (\S+)$/, (m, total) => ({path: m[1], first: 1, last: total, numbered: true})],
	[/^nl -ba (\S+)$/, (m, total) => ({path: m[1], first: 1, last: total, numbered: true})],
	[
		/^nl -ba (\S+) \| sed -n '(\d+),(\d+)p'$/,
		(m, total) => ({path: m[1], first: Number(m[2]), last: Math.min(total, Number(m[3])), numbered: true}),
	],
	[/^cat (\S+)$/, (m, total) => ({path: m[1], first: 1, last: total})],
	[
		/^sed -n '(\d+),(\d+)p' (\S+)$/,
		(m, total) => ({path: m[3], first: Number(m[1]), last: Math.min(total, Number(m[2]))}),
	],
	[/^head -n (\d+) (\S+)$/, (m, total) => ({path: m[2], first: 1, last: Math.min(total, Number(m[1]))})],
	[
		/^tail -n (\d+) (\S+)$/,
		(m, total) => ({path: m[2], first: Math.max(1, total - Number(m[1]) + 1), last: total}),
	],
];
function commandRange(cmd, total) {
	for (const [re, range] of commandForms) {
		const m = re.exec(cmd);
		if (m) return range(m, total);
	}
	return null;
}

// Codex's shell output without its envelope: the text after the `Output:` header (0.5x+), or the `output`
// field of the JSON string older releases sent. Returns the header lines too.
export function codexBody(content) {
	const s = typeof content === 'string' ? content : resultText(content);
	try {
		const j = JSON.parse(s);
		if (j && typeof j.output === 'string') return {header: JSON.stringify(j.metadata ?? {}), body: j.output};
	} catch {}
	const i = s.indexOf('\nOutput:\n');
	if (i >= 0) return {header: s.slice(0, i + 8), body: s.slice(i + 9)};
	return {header: '', body: s};
}

// Codex shell calls: the command's own range, then the head and the tail of it the model got.
export function shellTruth(corpus, rec) {
	const cmd = rec.input?.command ?? '';
	const pathGuess = cmd.split(/\s+/).find((w) => /\.(ts|txt|md|js)$/.test(w));
	const f = pathGuess ? fileFacts(corpus, pathGuess) : {exists: false};
	const {header, body} = codexBody(rec.tool_result?.content);
	if (!f.exists || !f.lines)
		return {
			command: cmd,
			path: pathGuess ?? null,
			file_exists: f.exists,
			kind: 'error',
			total_lines: null,
			first_line: null,
			lines_got: 0,
			cut: null,
			notice: body.slice(0, 300),
		};
	const total = f.lines.length;
	const range = commandRange(cmd, total);
	if (!range) return {command: cmd, path: pathGuess, kind: 'other', total_lines: total};
	const strip = range.numbered ? numberedStrip : rawStrip;
	const askedCount = Math.max(0, range.last - range.first + 1);
	let gotLines = body === '' ? [] : body.split('\n');
	if (gotLines.length && gotLines[gotLines.length - 1] === '') gotLines = gotLines.slice(0, -1);
	// A header before the output proper (`Total output lines: N`, a warning, a blank line): skip lines until
	// the first expected line, and keep what was skipped as the notice.
	let skip = 0;
	while (
		skip < Math.min(gotLines.length, 6) &&
		matchRun(gotLines.slice(skip), f.lines, range.first, strip).count === 0 &&
		askedCount > 0
	)
		skip++;
	if (skip >= Math.min(gotLines.length, 6)) skip = 0;
	const pre = gotLines.slice(0, skip);
	const rest = gotLines.slice(skip);
	const head = matchRun(rest, f.lines, range.first, strip);
	const base = {
		command: cmd,
		path: pathGuess,
		kind: total === 0 ? 'empty' : 'text',
		total_lines: total,
		ends_with_newline: f.endsWithNewline,
		asked: {first: range.first, last: range.last, count: askedCount},
	};
	if (head.count >= askedCount) {
		return {
			...base,
			first_line: askedCount ? range.first : null,
			lines_got: head.count,
			cut: null,
			notice: pre.join('\n').trim() || null,
			header,
		};
	}
	// The tail: match backwards from the end against the last expected lines.
	let tailCount = 0;
	for (let i = rest.length - 1, n = range.last; i >= head.count && n >= range.first; i--, n--) {
		const b = strip(rest[i], n);
		if (b === null || sameLine(b, f.lines[n - 1]) !== 'whole') break;
		tailCount++;
	}
	const marker = rest.slice(head.count, rest.length - tailCount).join('\n');
	return {
		...base,
		first_line: head.count ? range.first : tailCount ? range.last - tailCount + 1 : null,
		lines_got: head.count + tailCount,
		head: {first: range.first, count: head.count},
		tail: {first: range.last - tailCount + 1, count: tailCount},
		cut: 'middle cut',
		notice: [
			pre.join('\n').trim(),
			marker.length > 300 ? `${marker.slice(0, 150)}…${marker.slice(-150)}` : marker,
		]
			.filter(Boolean)
			.join('\n'),
		header,
	};
}
