/**
The interactive replay: helper-3's TranscriptView over a transcript that grows while the log is
read (or followed). Events are queued and applied in one reducer call per flush, so a large log
costs one list copy per flush rather than one per line.
*/
import process from 'node:process';
import {render} from 'ink';
import {useEffect, useState} from 'react';
import type {KeyBindings} from '../keys/bindings.js';
import {loadConfig} from '../keys/config.js';
import {createPainter, detectColorLevel, type Painter} from '../theme/ansi.js';
import {themeByName} from '../theme/themes.js';
import {applyEvents, emptyTranscript} from '../transcript/reducer.js';
import type {TranscriptEvent} from '../transcript/types.js';
import {initialViewState} from '../transcript/view-state.js';
import {defaultPreviewLines, enterAlternateScreen, leaveAlternateScreen} from '../ui/show.js';
import TranscriptView from '../ui/transcript-view.js';

/** Milliseconds between applying queued events to the view. */
const flushMs = 50;

/** Events pushed by a reader, delivered to one listener in batches. */
export class EventQueue {
	private pending: TranscriptEvent[] = [];
	private listener: ((events: readonly TranscriptEvent[]) => void) | undefined;
	private timer: NodeJS.Timeout | undefined;

	push(events: readonly TranscriptEvent[]): void {
		this.pending.push(...events);
		this.timer ??= setTimeout(() => {
			this.flush();
		}, flushMs);
	}

	/** Attach the one listener; events pushed before are delivered at once. */
	subscribe(listener: (events: readonly TranscriptEvent[]) => void): () => void {
		this.listener = listener;
		this.flush();
		return () => {
			this.listener = undefined;
		};
	}

	private flush(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		if (this.listener === undefined || this.pending.length === 0) {
			return;
		}

		const batch = this.pending;
		this.pending = [];
		this.listener(batch);
	}
}

type Props = {
	readonly queue: EventQueue;
	readonly bindings: KeyBindings;
	readonly painter: Painter;
	readonly previewLines: number;
	readonly expanded: boolean;
};

function LiveTranscript({queue, bindings, painter, previewLines, expanded}: Props) {
	const [transcript, setTranscript] = useState(emptyTranscript);
	useEffect(
		() =>
			queue.subscribe((events) => {
				setTranscript((current) => applyEvents(current, events));
			}),
		[queue],
	);
	return (
		<TranscriptView
			transcript={transcript}
			bindings={bindings}
			painter={painter}
			previewLines={previewLines}
			initialView={expanded ? {...initialViewState, allExpanded: true} : initialViewState}
		/>
	);
}

/** Run the interactive view until the person quits; `onQuit` stops the reader. */
export async function showLiveReplay(
	queue: EventQueue,
	expanded: boolean,
	onQuit: () => void,
): Promise<void> {
	const {stdout, stderr, env} = process;
	const config = await loadConfig();
	for (const warning of config.warnings) {
		stderr.write(`lector: ${warning}\n`);
	}

	const painter = createPainter(
		themeByName(config.theme ?? env['LECTOR_THEME']),
		detectColorLevel(env, stdout.isTTY),
	);
	const leave = () => {
		stdout.write(leaveAlternateScreen);
	};

	stdout.write(enterAlternateScreen);
	process.once('exit', leave);
	try {
		const instance = render(
			<LiveTranscript
				queue={queue}
				bindings={config.bindings}
				painter={painter}
				previewLines={config.previewLines ?? defaultPreviewLines}
				expanded={expanded}
			/>,
			{stdout, stderr, maxFps: 60, incrementalRendering: false, exitOnCtrlC: true, patchConsole: false},
		);
		await instance.waitUntilExit();
	} finally {
		onQuit();
		process.off('exit', leave);
		leave();
	}
}
