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
import {serverLimits, toCallResult} from '../../source/mcp/server.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/peers/mcp');
const corpus = path.join(fixtures, 'corpus');
/** Where the recorder's corpus copy was: its machine path is rewritten to this. */
const recordedCorpus = '/home/dev/corpus';

/**
What each agent hands its model from a lector result (text in `content`, the engine's details in `_meta`),
as recorded. An earlier server also sent `structuredContent`; both agents then handed the model
`JSON.stringify(structuredContent)` in place of the text (docs/mcp.md), which is why the details moved.
- Claude Code 2.1.332: the text blocks as an array of `{type: 'text', text}`; an error (`isError: true`)
  as a string, flagged `is_error`.
- Codex 0.171.0: `Wall time: <s> seconds\nOutput:` then the text, in a function_call_output with no error
  flag, errors included.
*/
const blockType: Readonly<Record<string, string>> = {
	'claude-code': 'tool_result',
	codex: 'function_call_output',
};
/** Codex puts the call's duration before the output. */
const codexPrefix = /^Wall time: \d+(?:\.\d+)? seconds\nOutput:/;

/** The text of a recorded tool_result's content: a string, or Anthropic text blocks. */
function contentText(content: unknown): string {
	if (typeof content === 'string') {
		return content;
	}

	expect(Array.isArray(content), 'content is a string or an array of blocks').toBe(true);
	return (content as Array<{type: string; text?: string}>)
		.map((block) => {
			expect(block.type).toBe('text');
			return block.text ?? '';
		})
		.join('');
}

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
	const result = toCallResult(
		await runTool('read', input, {cwd: corpus, confine: true, limits: serverLimits}),
	);
	const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
	return {result, text: rewrite(text)};
}

const agents = fs
	.readdirSync(fixtures, {withFileTypes: true})
	.filter((entry) => entry.isDirectory() && entry.name !== 'corpus')
	.map((entry) => entry.name)
	.sort();

it('has a recording for every agent whose behaviour is described, and no other', () => {
	expect(agents).toEqual(Object.keys(blockType).sort());
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
			let content = contentText(block?.content);
			const {result, text} = await engine(rec.input);
			expect(
				result.structuredContent,
				'agents hand the model structuredContent in place of the text',
			).toBeUndefined();
			if (agent === 'codex') {
				expect(content).toMatch(codexPrefix);
				content = content.replace(codexPrefix, '');
				expect(block?.is_error).toBeUndefined();
			} else {
				expect(block?.is_error ?? false).toBe(result.isError === true);
				expect(typeof block?.content).toBe(result.isError ? 'string' : 'object');
			}

			// lector's own text, line numbers and notices included, exactly.
			expect(content).toBe(text);
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
		expect(cut.text).toMatch(/offset=1027/);

		const missing = await engine({path: 'util.ts'});
		expect(missing.result.isError).toBe(true);
		expect(missing.text).toContain('Did you mean utils.ts?');
	});
});
