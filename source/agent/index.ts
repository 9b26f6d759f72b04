export {howToConfigure, type ModelConfig, type ModelFlags, resolveModelConfig} from './config.js';
export {configFilePath, loadConfigFile} from './config-file.js';
export {type DirectCommand, directUsage, parseDirectCommand} from './direct.js';
export {historyFromEvents} from './history.js';
export {type OpenedShell, type OpenShellOptions, openShellSession} from './open.js';
export {
	AgentSession,
	type AgentSessionOptions,
	type SubmitOutcome,
	type TranscriptListener,
} from './session.js';
export {helpText, parseSlashCommand, type SlashCommand, slashCommands} from './slash.js';
