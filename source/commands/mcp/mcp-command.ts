/**
`lector mcp`: serves the read engine to any agent over MCP, on stdio (how agents start servers) or on
Streamable HTTP with `--http [host:]port`. Its flags are parsed here, apart from the viewer's: the
server is started by other programs, and its output is protocol only (everything else goes to stderr).
*/
import path from 'node:path';
import {parseArgs} from 'node:util';
import {packageFacts} from '../../package-facts.js';
import type {ReadLimits} from '../../read/index.js';
import {commandUsage} from '../help/command-help.js';
import {numberFlag} from '../read/read-command.js';
import {UsageError} from '../usage-error.js';
import {mcpHelp} from './mcp-usage.js';

function indentedUsage(): string {
	return commandUsage(mcpHelp).replaceAll(/^(?=.)/gm, '  ');
}

export type McpCommandOptions = {
	readonly cwd: string;
	readonly useRoots: boolean;
	readonly confine: boolean;
	readonly dedup: boolean;
	readonly log: boolean;
	readonly limits: Partial<ReadLimits>;
	readonly http: {readonly host: string; readonly port: number} | undefined;
	readonly help: boolean;
};

/** `[host:]port`, `[::1]:port` included; the host defaults to loopback. */
export function parseListenAddress(text: string): {host: string; port: number} {
	const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d+)$/.exec(text.trim());
	const port = Number(match?.[2]);
	if (!match || !Number.isSafeInteger(port) || port > 65_535) {
		throw new UsageError(`--http needs [HOST:]PORT with a port from 0 to 65535, got "${text}".`);
	}

	const host = (match[1] ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1');
	return {host, port};
}

/** The command's flags, checked; bad ones are usage errors (exit 2) naming what was wrong. */
export function parseMcpArguments(argv: readonly string[]): McpCommandOptions {
	let parsed: ReturnType<typeof parse>;
	try {
		parsed = parse(argv);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new UsageError(`${reason.replace(/\.$/, '')}. Run lector mcp --help for the flags.`);
	}

	const {values, positionals} = parsed;
	if (positionals.length > 0) {
		throw new UsageError(
			`lector mcp takes no arguments, got "${positionals.join(' ')}". Run lector mcp --help for the flags.`,
		);
	}

	const limits: {maxLines?: number; maxBytes?: number} = {};
	const maxLines = numberFlag('max-lines', values['max-lines'], 1);
	const maxBytes = numberFlag('max-bytes', values['max-bytes'], 1);
	if (maxLines !== undefined) {
		limits.maxLines = maxLines;
	}

	if (maxBytes !== undefined) {
		limits.maxBytes = maxBytes;
	}

	return {
		cwd: path.resolve(values.cwd ?? '.'),
		useRoots: values.cwd === undefined,
		confine: values['allow-outside'] !== true,
		dedup: values.dedup === true,
		log: values['no-log'] !== true,
		limits,
		http: values.http === undefined ? undefined : parseListenAddress(values.http),
		help: values.help === true,
	};
}

function parse(argv: readonly string[]) {
	return parseArgs({
		args: [...argv],
		strict: true,
		allowPositionals: true,
		options: {
			cwd: {type: 'string'},
			'allow-outside': {type: 'boolean'},
			'max-lines': {type: 'string'},
			'max-bytes': {type: 'string'},
			dedup: {type: 'boolean'},
			'no-log': {type: 'boolean'},
			http: {type: 'string'},
			help: {type: 'boolean', short: 'h'},
		},
	});
}

function waitForSignal(): Promise<void> {
	return new Promise((resolve) => {
		process.once('SIGINT', () => resolve());
		process.once('SIGTERM', () => resolve());
	});
}

/** Runs `lector mcp`; resolves with the exit code once the client (or a signal) ends it. */
export async function runMcpCommand(argv: readonly string[]): Promise<number> {
	const options = parseMcpArguments(argv);
	if (options.help) {
		process.stdout.write(`\n${indentedUsage()}\n\n`);
		return 0;
	}

	const serverOptions = {
		cwd: options.cwd,
		useRoots: options.useRoots,
		confine: options.confine,
		dedup: options.dedup,
		log: options.log,
		limits: options.limits,
		version: packageFacts.version,
	};
	if (options.http) {
		const {serveHttp} = await import('../../mcp/http.js');
		const server = await serveHttp({...serverOptions, ...options.http});
		process.stderr.write(`lector mcp: serving ${options.cwd} at ${server.url}\n`);
		await waitForSignal();
		await server.close();
		return 0;
	}

	const {serveStdio} = await import('../../mcp/stdio.js');
	await serveStdio(serverOptions);
	// Work the client no longer waits for (a document worker, a grep thread) must not keep the process up.
	setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
	return 0;
}
