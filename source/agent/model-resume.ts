/**
`--continue` after `/model`: the continued session goes on with the model its log last switched to,
resolved as `/model <provider>:<model>` would be now. Pure; openShellSession applies it. See
docs/agent.md, "Switching the model".
*/
import type {ModelRef} from '../transcript/types.js';
import {
	asProvider,
	type ConfigFileModel,
	type Environment,
	type ModelConfig,
	type ModelFlags,
} from './config.js';
import {modelLabel, resolveModelSwitch} from './model-switch.js';

type ResumeNotice = {readonly level: 'info' | 'warning'; readonly text: string};

/** What a continued session starts with, and what the banner adds about it. */
export type ModelResume = {
	readonly config: ModelConfig;
	/** Set when the log had a switch to another model: resumed, or why not. */
	readonly notice: ResumeNotice | undefined;
	/**
	The line that ends the continued transcript, naming the model in use from now on: the transcript
	may end in a `Switched to …` notice for a model that is not the one resumed.
	*/
	readonly continuing: ResumeNotice;
};

/** Where /model shows a resumed switch came from. */
const resumedSource = '/model in the continued session';

/**
The model a continued session starts with: the log's last switch when its provider can still be used
(its key or base URL is set, as for `/model`), else the configured model with a notice saying why.
A `--model` or `--provider` flag given now wins over the log: the person just asked for that model.
*/
export function resumeModel(input: {
	readonly configured: ModelConfig;
	readonly switched: ModelRef | undefined;
	readonly flags: ModelFlags;
	readonly env: Environment;
	readonly file: ConfigFileModel | undefined;
}): ModelResume {
	const {configured, switched} = input;
	const now = `Continuing with ${modelLabel(configured)}`;
	if (!switched) {
		return {config: configured, notice: undefined, continuing: {level: 'info', text: `${now}.`}};
	}

	const label = `${switched.provider} · ${switched.model}`;
	const provider = asProvider(switched.provider);
	if (provider === configured.provider && switched.model === configured.model) {
		return {config: configured, notice: undefined, continuing: {level: 'info', text: `${now}.`}};
	}

	const keep = (level: 'info' | 'warning', reason: string): ModelResume => ({
		config: configured,
		notice: {level, text: `This session last switched to ${label} with /model. ${reason}`},
		continuing: {
			level,
			text: `${now}, not ${label}, the model this session last switched to with /model. ${reason}`,
		},
	});
	if (input.flags.model?.trim() || input.flags.provider?.trim()) {
		return keep('info', `The --model or --provider given now wins: ${modelLabel(configured)}.`);
	}

	if (!provider) {
		return keep(
			'warning',
			`lector does not know the provider "${switched.provider}"; the model is ${modelLabel(configured)}.`,
		);
	}

	const resolution = resolveModelSwitch({
		current: configured,
		start: configured,
		choice: {provider, model: switched.model},
		env: input.env,
		file: input.file,
	});
	if (!resolution.ok) {
		return keep('warning', resolution.message);
	}

	const {config} = resolution;
	return {
		config: {
			...config,
			sources: {
				...config.sources,
				model: resumedSource,
				...(config.provider === configured.provider ? {} : {provider: resumedSource}),
			},
		},
		notice: {
			level: 'info',
			text: `Resumed with ${modelLabel(config)}, the model this session last switched to with /model (configured: ${modelLabel(configured)}).`,
		},
		continuing: {
			level: 'info',
			text: `Continuing with ${modelLabel(config)}, the model this session last switched to with /model.`,
		},
	};
}
