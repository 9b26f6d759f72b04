/**
The project's map, enforced: which folder of source/ may import which. Every import in source/ (static,
re-export or dynamic) is checked against this one table; a new import that crosses a forbidden line
fails here, naming the file, the import and the rule.
*/
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {root} from '../helpers/transcripts.js';

/** Top-level folders of source/ (and `cli` for source/cli.tsx). */
type Area = string;

type Rule = {
	readonly area: Area;
	/** What it is, for the reader of this map. */
	readonly role: string;
	/** Project folders it may import (itself always); undefined: any. */
	readonly may: readonly Area[] | undefined;
	/** Packages it must not import. */
	readonly noPackages?: readonly string[];
};

const ui = ['react', 'ink', 'ink-syntax-highlight', 'ink-testing-library'];

/** The map. Read top to bottom: each layer may use the ones above it. */
const rules: readonly Rule[] = [
	{area: 'read', role: 'the read engine: a read call in, what the model gets out', may: [], noPackages: ui},
	{area: 'tools', role: 'ls, find, grep: the other read-only tools', may: ['read'], noPackages: ui},
	{area: 'config', role: 'finds and reads the config file', may: [], noPackages: ui},
	{area: 'text', role: 'terminal-safe text: sanitising, widths, styled lines', may: [], noPackages: ui},
	{area: 'cache', role: 'bounded caches on a Map', may: [], noPackages: ui},
	{
		area: 'transcript',
		role: 'the typed events and details, and the one reducer',
		may: ['read', 'tools', 'cache'],
		noPackages: ui,
	},
	{
		area: 'sessions',
		role: "other agents' logs and lector's own, read into transcript events",
		may: ['read', 'tools', 'transcript', 'text'],
		noPackages: ui,
	},
	{
		area: 'agent',
		role: 'the model loop and providers; writes the session log',
		may: ['read', 'tools', 'transcript', 'sessions', 'config', 'text'],
		noPackages: ui,
	},
	{area: 'theme', role: 'semantic colours', may: ['text'], noPackages: ui},
	{
		area: 'highlight',
		role: 'highlight.js to token lines',
		may: ['read', 'text', 'theme', 'cache'],
		noPackages: ui,
	},
	{
		area: 'markdown',
		role: "the model's Markdown as width-free styled blocks",
		may: ['text', 'theme', 'highlight', 'cache'],
		noPackages: ui,
	},
	{
		area: 'panels',
		role: 'pure panel renderers: a call and a width in, rows out',
		may: ['read', 'tools', 'transcript', 'text', 'theme', 'highlight', 'markdown', 'cache'],
		noPackages: ui,
	},
	{
		area: 'keys',
		role: 'the command table and bindings',
		may: ['config', 'text', 'transcript'],
		noPackages: [],
	},
	{area: 'ui', role: 'the shared view parts (Ink)', may: undefined},
	{area: 'commands', role: 'one folder per screen (read, replay, shell) and the flags', may: undefined},
	{
		area: 'mcp',
		role: 'the MCP server',
		may: ['read', 'tools', 'transcript', 'sessions', 'agent', 'config', 'text'],
		noPackages: ui,
	},
	{area: 'cli', role: 'argv to a command', may: undefined},
];

const importPattern =
	/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The import specifiers of a source file. */
function importsOf(text: string): string[] {
	return [...text.matchAll(importPattern)].flatMap((match) => {
		const specifier = match[1] ?? match[2];
		return specifier === undefined ? [] : [specifier];
	});
}

function areaOf(file: string): Area {
	const relative = path.relative(path.join(root, 'source'), file);
	const [first] = relative.split(path.sep);
	return first === undefined || first.includes('.') ? 'cli' : first;
}

function packageOf(specifier: string): string {
	const parts = specifier.split('/');
	return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Why `file` may not import `specifier`, or undefined when it may. */
function violation(file: string, specifier: string): string | undefined {
	const from = areaOf(file);
	const rule = rules.find((candidate) => candidate.area === from);
	if (rule === undefined) {
		return `${from}/ is not on the map: add it to the rules`;
	}

	if (!specifier.startsWith('.')) {
		const name = packageOf(specifier);
		return rule.noPackages?.includes(name) ? `${from}/ must not import ${name}` : undefined;
	}

	const to = areaOf(path.resolve(path.dirname(file), specifier));
	if (to === from || rule.may === undefined || rule.may.includes(to)) {
		return undefined;
	}

	return `${from}/ (${rule.role}) may import ${rule.may.length === 0 ? 'nothing else of lector' : rule.may.join(', ')}, not ${to}/`;
}

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, {withFileTypes: true}).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) {
			return sourceFiles(full);
		}

		return /\.(ts|tsx|js)$/.test(entry.name) ? [full] : [];
	});
}

describe('the import map', () => {
	it('every import in source/ keeps to it', () => {
		const files = sourceFiles(path.join(root, 'source'));
		expect(files.length).toBeGreaterThan(150);
		const broken = files.flatMap((file) =>
			importsOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
				const why = violation(file, specifier);
				return why === undefined ? [] : [`${path.relative(root, file)} imports ${specifier}: ${why}`];
			}),
		);
		expect(broken).toEqual([]);
	});

	it('fails on each kind of forbidden import (the test of the test)', () => {
		const at = (relative: string) => path.join(root, 'source', relative);
		expect(violation(at('read/read.ts'), '../panels/read-panel.js')).toMatch(/^read\/ .* not panels\/$/);
		expect(violation(at('read/formats/pdf.ts'), '../../sessions/json.js')).toMatch(/not sessions\/$/);
		expect(violation(at('sessions/replayer.ts'), '../ui/print.js')).toMatch(/not ui\/$/);
		expect(violation(at('agent/session.ts'), '../keys/config.js')).toMatch(/not keys\/$/);
		expect(violation(at('agent/session.ts'), 'ink')).toBe('agent/ must not import ink');
		expect(violation(at('transcript/types.ts'), '../sessions/types.js')).toMatch(/not sessions\/$/);
		expect(violation(at('panels/read-panel.ts'), 'react')).toBe('panels/ must not import react');
		expect(violation(at('panels/read-panel.ts'), '../ui/layout.js')).toMatch(/not ui\/$/);
		expect(violation(at('newthing/a.ts'), '../read/index.js')).toMatch(/not on the map/);
		// Allowed ones pass.
		expect(violation(at('panels/read-panel.ts'), '../read/params.js')).toBeUndefined();
		expect(violation(at('ui/layout.ts'), '../panels/item-view.js')).toBeUndefined();
		expect(violation(at('read/read.ts'), './text-read.js')).toBeUndefined();
	});

	it('finds static, re-exported and dynamic imports', () => {
		const text = [
			"import a from './a.js';",
			"import type {B} from '../b.js';",
			"export {c} from './c.js';",
			"const d = await import('./d.js');",
			"import {\n\te,\n\tf,\n} from './ef.js';",
		].join('\n');
		expect(importsOf(text)).toEqual(['./a.js', '../b.js', './c.js', './d.js', './ef.js']);
	});
});
