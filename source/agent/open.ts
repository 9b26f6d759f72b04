import {randomUUID} from 'node:crypto';
import path from 'node:path';
import {lastModelSwitch, readLectorLog} from '../sessions/lector/log-file.js';
import {lectorLogVersion} from '../sessions/lector/log-format.js';
import {findLastSession, newSessionPath} from '../sessions/lector/store.js';
import type {NoticeLevel, TranscriptEvent} from '../transcript/types.js';
import {type Environment, type ModelFlags, resolveModelConfig} from './config.js';
import {configFilePath, loadAllowOutside, loadConfigFile, loadReadCaps} from './config-file.js';
import {historyFromEvents} from './history.js';
import {logFolderRefusal} from './log-folder.js';
import {type ModelResume, resumeModel} from './model-resume.js';
import type {ReadCaps} from './read-caps.js';
import type {RetryPolicy} from './retry.js';
import {AgentSession} from './session.js';
import {LectorLogWriter} from './session-log.js';

export type OpenShellOptions = {
	/** The workspace; relative to process.cwd() when relative. */
	readonly cwd: string;
	readonly flags: ModelFlags;
	/** Default: process.env. */
	readonly env?: Environment;
	/** `--continue`: resume the last session of this workspace (its log is appended to). */
	readonly continueLast?: boolean;
	/** `/resume N`: continue this log (one of the workspace's) instead; wins over `continueLast`. */
	readonly continueFrom?: string;
	/** Home folder for the config and state folders (tests). */
	readonly home?: string;
	readonly retry?: Partial<RetryPolicy>;
	/** How to see the keys (from the key bindings), added to what /help shows. */
	readonly keysHelp?: string;
	/** `--allow-outside`: the tools may reach paths outside the workspace (also the config file's "allowOutside"). */
	readonly allowOutside?: boolean;
	/** `--max-lines`, `--max-bytes`, checked: over the config file's "read". */
	readonly readCaps?: ReadCaps;
};

export type OpenedShell = {
	readonly session: AgentSession;
	/** The continued session's events, for the transcript to show before anything new. */
	readonly previousEvents: readonly TranscriptEvent[];
	/** What the shell shows first: the model in use, or how to configure one. */
	readonly banner: {readonly level: NoticeLevel; readonly text: string};
	/** The session log being written, if it could be opened. */
	readonly logPath: string | undefined;
};

/** Ids of the notice that ends a continued transcript with the model now in use. */
export const continuingIdPrefix = 'continue-';

/** The log writer, after refusing a folder whose creation could hang (log-folder.ts). */
function openLog(
	filePath: string,
	header: ConstructorParameters<typeof LectorLogWriter>[1],
): LectorLogWriter {
	const refusal = logFolderRefusal(path.dirname(filePath));
	if (refusal !== undefined) {
		throw new Error(refusal);
	}

	return new LectorLogWriter(filePath, header);
}

/**
Everything the shell needs at start-up: resolves the model (flags > env > config file), opens or
continues the session log, rebuilds the conversation for `--continue` (with the model it last switched
to, when that provider can still be used), and creates the session. Never
rejects for configuration problems: the shell then opens without a model and the banner says why.
*/
export async function openShellSession(options: OpenShellOptions): Promise<OpenedShell> {
	const env = options.env ?? process.env;
	const cwd = path.resolve(options.cwd);
	const configFile = configFilePath(env, options.home);
	const file = await loadConfigFile(configFile);
	const problems: string[] = [];
	if (file instanceof Error) {
		problems.push(`The config file was ignored: ${file.message}`);
	}

	const fileModel = file instanceof Error ? undefined : file;
	const fileAllowsOutside = await loadAllowOutside(configFile);
	if (fileAllowsOutside instanceof Error) {
		problems.push(`${fileAllowsOutside.message} The tools stay inside the workspace.`);
	}

	const allowOutside = options.allowOutside === true || fileAllowsOutside === true;
	const fileCaps = await loadReadCaps(configFile);
	if (fileCaps instanceof Error) {
		problems.push(`${fileCaps.message} The read caps are the defaults.`);
	}

	const readCaps = {...(fileCaps instanceof Error ? {} : fileCaps), ...options.readCaps};
	const resolution = resolveModelConfig({flags: options.flags, env, file: fileModel, configFile});
	const configured = resolution.ok ? resolution.config : undefined;

	let previousEvents: readonly TranscriptEvent[] = [];
	let resumed: ModelResume | undefined;
	let logPath: string | undefined;
	let log: LectorLogWriter | undefined;
	let last =
		options.continueFrom ??
		(options.continueLast ? await findLastSession(cwd, env, options.home) : undefined);
	if (options.continueLast && !last) {
		problems.push('There is no earlier session in this folder to continue; this is a new one.');
	}

	let previous: ReturnType<typeof readLectorLog> | undefined;
	try {
		previous = last === undefined ? undefined : readLectorLog(last);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		problems.push(`The session ${last} could not be read (${reason}); this is a new one.`);
		last = undefined;
	}

	try {
		if (last && previous) {
			previousEvents = previous.events;
			resumed = configured
				? resumeModel({
						configured,
						switched: lastModelSwitch(previous.events),
						flags: options.flags,
						env,
						file: fileModel,
					})
				: undefined;
			logPath = last;
			log = openLog(last, undefined);
		} else {
			const id = randomUUID();
			const startedAt = new Date();
			logPath = newSessionPath(cwd, id, env, startedAt, options.home);
			log = openLog(logPath, {
				type: 'lector-session',
				version: lectorLogVersion,
				id,
				cwd,
				startedAt: startedAt.toISOString(),
				...(configured ? {provider: configured.provider, model: configured.model} : {}),
			});
		}
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		problems.push(`The session log could not be written (${reason}); this session is not saved.`);
		logPath = undefined;
	}

	// The model in use: the configured one, or the continued session's last /model switch.
	const config = resumed?.config ?? configured;
	const resumeNotice = resumed?.notice;
	if (resumed && previousEvents.length > 0) {
		// Ends the old transcript, which may close on a switch to a model that is not the one in use now.
		const continuing: TranscriptEvent = {
			type: 'notice',
			id: `${continuingIdPrefix}${randomUUID()}`,
			...resumed.continuing,
		};
		previousEvents = [...previousEvents, continuing];
		log?.append(continuing);
	}

	const history = config ? historyFromEvents(previousEvents, config.provider) : [];
	const session = new AgentSession({
		cwd,
		config,
		...(configured && config !== configured ? {configured} : {}),
		...(resolution.ok ? {} : {noModelMessage: resolution.message}),
		...(log ? {log} : {}),
		history,
		// For /model <provider>:<name>: that provider's own variables and config.
		env,
		configFile: fileModel,
		...(options.home === undefined ? {} : {home: options.home}),
		...(options.retry ? {retry: options.retry} : {}),
		...(options.keysHelp === undefined ? {} : {keysHelp: options.keysHelp}),
		allowOutside,
		readCaps,
	});
	const headline = config
		? `${config.provider} · ${config.model} · ${cwd}`
		: resolution.ok
			? ''
			: resolution.message;
	// Said every time it is widened: the person should know the model can read beyond this folder.
	const widened = allowOutside
		? [
				`The tools may read outside ${cwd} (${options.allowOutside === true ? '--allow-outside' : `"allowOutside": true in ${configFile}`}); .lectorignore still applies.`,
			]
		: [];
	return {
		session,
		previousEvents,
		banner: {
			level: config && problems.length === 0 && resumeNotice?.level !== 'warning' ? 'info' : 'warning',
			text: [headline, ...widened, ...(resumeNotice ? [resumeNotice.text] : []), ...problems]
				.filter((line) => line !== '')
				.join('\n'),
		},
		logPath,
	};
}
