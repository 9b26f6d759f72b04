/** What an AgentSession is made from, and what it tells its UI. */

import type {LanguageModel, ModelMessage} from 'ai';
import type {TranscriptEvent} from '../transcript/types.js';
import type {ConfigFileModel, Environment, ModelConfig} from './config.js';
import type {ReadCaps} from './read-caps.js';
import type {RetryPolicy} from './retry.js';
import type {LectorLogWriter} from './session-log.js';

export type AgentSessionOptions = {
	/** The workspace (absolute). */
	readonly cwd: string;
	/** The model to talk to; undefined opens the shell without one (direct commands only). */
	readonly config: ModelConfig | undefined;
	/**
	The model the flags, variables and config file name, when the session starts with another one
	(`--continue` resuming a `/model` switch): `/model` back to its provider uses its settings.
	Default: `config`.
	*/
	readonly configured?: ModelConfig;
	/** Why there is no model, shown when the person types a prompt. Default: how to configure one. */
	readonly noModelMessage?: string;
	/** How to see the keys, from the bindings in use, added to what /help shows (the shell's). */
	readonly keysHelp?: string;
	/** Where every complete event is appended as it happens. */
	readonly log?: LectorLogWriter;
	/** The conversation so far (from `--continue`). */
	readonly history?: readonly ModelMessage[];
	readonly retry?: Partial<RetryPolicy>;
	/** An already-built model (tests); by default one is created from `config`, and by `/model` from the new one. */
	readonly model?: LanguageModel;
	/**
	Where `/model <provider>:<name>` finds another provider's key and base URL (its ANTHROPIC_* or
	OPENAI_* variables, the config file's model when it names that provider). Default: none, so only
	the provider in use can be switched to.
	*/
	readonly env?: Environment;
	readonly configFile?: ConfigFileModel | undefined;
	/** Home folder of the state folder where `/resume` finds this folder's sessions (tests). Default: the user's. */
	readonly home?: string;
	/**
	Let the tools (the model's and typed ones) reach paths outside `cwd`: `--allow-outside`, or the config
	file's `"allowOutside": true`. Default false: every tool is confined to the workspace.
	*/
	readonly allowOutside?: boolean;
	/** Read caps the person set (`--max-lines`, `--max-bytes`, the config file's "read"); the rest fit the window. */
	readonly readCaps?: ReadCaps;
};

/** What the UI must do after `submit`: most input is handled by the session itself. */
export type SubmitOutcome =
	| {readonly type: 'handled'}
	/** A turn is running; the input was not taken. */
	| {readonly type: 'busy'}
	/** The input was wrong (a notice says why); the UI keeps it so it can be corrected. */
	| {readonly type: 'refused'}
	| {readonly type: 'quit'}
	| {readonly type: 'expand-all'}
	/** `/resume N`: the UI opens this earlier session's log as `--continue` opens the last one. */
	| {readonly type: 'resume'; readonly filePath: string};

export type TranscriptListener = (event: TranscriptEvent) => void;
