/**
What real agents handed their model from lector's MCP `read`, recorded by `npm run e2e:mcp`
(scripts/peers/mcp-e2e.mjs: the real Claude Code with `lector mcp` in its --mcp-config, against a fake
model on 127.0.0.1), checked against lector's engine run now on the same corpus files. The agents are
~400 MB binaries that CI does not have, so CI checks their recorded output; re-record after changing
what the server returns.
*/
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {runTool} from '../../source/agent/tools.js';
import {toCallResult} from '../../source/mcp/server.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/peers/mcp');
const corpus = path.join(fixtures, 'corpus');
/** Where the recorder's corpus copy was: its machine path is rewritten to this. */
const recordedCorpus = '/home/dev/corpus';

/**
What each agent hands its model for a result that has both `content` (lector's text) and
`structuredContent` (the engine's details), as recorded; a re-recording that changes this fails here.
- Claude Code 2.1.332: `JSON.stringify(structuredContent)`, the text dropped; an error (`isError: true`)
  keeps its text and is flagged `is_error`.
- Codex 0.171.0: `Wall time: <s> seconds\nOutput:\n` then `JSON.stringify(structuredContent)`, for errors
  too (the error's words are then only the details' `errorMessage`), in a function_call_output with no
  error flag.
*/
type Form = {readonly success: 'structuredContent' | 'text'; readonly error: 'structuredContent' | 'text'};
const forms: Readonly<Record<string, Form>> = {
	'claude-code': {success: 'structuredContent', error: 'text'},
	codex: {success: 'structuredContent', error: 'structuredContent'},
};
/** The block type each agent sends a result back in. */
const blockType: Readonly<Record<string, string>> = {
	'claude-code': 'tool_result',
	codex: 'function_call_output',
};
/** Codex puts the call's duration before the output. */
const codexPrefix = /^Wall time: \d+(?:\.\d+)? seconds\nOutput:\n/;

type Recorded = {
	readonly call: string;
	readonly input: Record<string, unknown>;
	readonly received: boolean;
	readonly tool_result: {
		readonly type: string;
		readonly content: unknown;
		readonly is_error?: boolean;
	} | null;
};

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const rewrite = (text: string) => text.replaceAll(corpus, recordedCorpus);

async function engine(input: Record<string, unknown>) {
	const result = toCallResult(await runTool('read', input, {cwd: corpus, confine: true, limits: {}}));
	const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
	return {result, text: rewrite(text)};
}

const agents = fs
	.readdirSync(fixtures, {withFileTypes: true})
	.filter((entry) => entry.isDirectory() && entry.name !== 'corpus')
	.map((entry) => entry.name)
	.sort();

it('has a recording for every agent whose behaviour is described, and no other', () => {
	expect(agents).toEqual(Object.keys(forms).sort());
});

describe.each(agents)('%s with lector mcp', (agent) => {
	const dir = path.join(fixtures, agent);
	const meta = readJson<{exit_code: number; results_received: number; results_expected: number}>(
		path.join(dir, 'meta.json'),
	);
	const records = readJson<Recorded[]>(path.join(dir, 'tool_results.json'));

	it('ran to the end and sent back every result', () => {
		expect(meta.exit_code).toBe(0);
		expect(meta.results_received).toBe(meta.results_expected);
		expect(records).toHaveLength(meta.results_expected);
		expect(records.map((r) => r.call)).toEqual(['small', 'lines5000', 'lines5000_offset4990', 'missing']);
	});

	it('holds no machine path', () => {
		for (const name of fs.readdirSync(dir)) {
			const text = fs.readFileSync(path.join(dir, name), 'utf8');
			expect(text, name).not.toMatch(/[/-](?:root|tmp|work)[/-]/);
		}
	});

	it.each(records.map((r) => [r.call, r] as const))(
		'%s: the model got the engine’s answer exactly',
		async (_call, rec) => {
			expect(rec.received).toBe(true);
			const block = rec.tool_result;
			expect(block?.type).toBe(blockType[agent]);
			expect(typeof block?.content).toBe('string');
			let content = String(block?.content);
			const {result, text} = await engine(rec.input);
			if (agent === 'codex') {
				expect(content).toMatch(codexPrefix);
				content = content.replace(codexPrefix, '');
				expect(block?.is_error).toBeUndefined();
			} else {
				expect(block?.is_error ?? false).toBe(result.isError === true);
			}

			if (forms[agent]?.[result.isError ? 'error' : 'success'] === 'text') {
				expect(content).toBe(text);
				return;
			}

			// The structured details, byte for byte as the server serialised them; only the file's mtime (the
			// recorder's copy of the corpus) and its absolute path differ from a run here.
			const sent = JSON.parse(content) as Record<string, unknown>;
			expect(
				result.structuredContent,
				'the server sends no structuredContent now: re-record (npm run e2e:mcp) and update `forms`',
			).toBeDefined();
			const details = JSON.parse(rewrite(JSON.stringify(result.structuredContent))) as Record<
				string,
				unknown
			>;
			if ('mtimeMs' in sent) details['mtimeMs'] = sent['mtimeMs'];
			expect(content).toBe(JSON.stringify(details));
			if (!result.isError) {
				// lector's own text (line numbers, notices) is not in what the model got.
				expect(content).not.toContain(text.split('\n')[0]);
			}
		},
	);
});

describe('the recorded calls', () => {
	it('cover a small file, a file lector cuts, a range and an error', async () => {
		const small = await engine({path: 'small.ts'});
		expect(small.result.isError).toBe(false);
		expect(small.text.split('\n')).toHaveLength(18);

		const cut = await engine({path: 'lines-5000.ts'});
		expect(cut.result.isError).toBe(false);
		expect(cut.text).toMatch(/offset=1414/);

		const missing = await engine({path: 'util.ts'});
		expect(missing.result.isError).toBe(true);
		expect(missing.text).toContain('Did you mean utils.ts?');
	});
});
