/**
The shell over one opened session at a time: `/resume N` opens the picked log with openShellSession
(as `--continue` opens the last one) and puts the new session in place of the old, which is closed.
*/
import {useCallback, useMemo, useRef, useState} from 'react';
import type {OpenedShell} from '../../agent/index.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import ShellApp from './shell-app.js';

type AppProps = Parameters<typeof ShellApp>[0];

type Props = Omit<AppProps, 'session' | 'initialEvents' | 'stickyEvents' | 'stickyLast' | 'onResume'> & {
	readonly first: OpenedShell;
	/** Shown after the first session's own events only (the demo log). */
	readonly extraEvents?: readonly TranscriptEvent[];
	/** Opens a picked log; resolves to the session that continues it. */
	readonly reopen: (filePath: string) => Promise<OpenedShell>;
	/** Told of every session shown, so the caller closes the right one on exit. */
	readonly onOpened?: (opened: OpenedShell) => void;
};

/** The banner as the transcript's sticky events. */
export function bannerEvents(opened: OpenedShell): readonly TranscriptEvent[] {
	return opened.banner.text === ''
		? []
		: [{type: 'notice', id: 'shell-banner', level: opened.banner.level, text: opened.banner.text}];
}

export default function ShellHost({first, extraEvents = [], reopen, onOpened, ...rest}: Props) {
	const [shown, setShown] = useState({opened: first, generation: 0});
	const current = useRef(shown);
	// One reopening at a time: a second /resume sent meanwhile would leave a session open behind the shown one.
	const opening = useRef(false);
	const onResume = useCallback(
		(filePath: string) => {
			if (opening.current) {
				return;
			}

			opening.current = true;
			void reopen(filePath)
				.then((opened) => {
					current.current.opened.session.close();
					current.current = {opened, generation: current.current.generation + 1};
					setShown(current.current);
					onOpened?.(opened);
				})
				.catch(() => {
					// openShellSession reports its problems in the banner; anything else keeps the session shown.
				})
				.finally(() => {
					opening.current = false;
				});
		},
		[reopen, onOpened],
	);
	const {opened, generation} = shown;
	// One array per session: the transcript subscribes again when its sticky events change.
	const sticky = useMemo(() => bannerEvents(opened), [opened]);
	const initial = useMemo(
		() => (generation === 0 ? [...opened.previousEvents, ...extraEvents] : opened.previousEvents),
		[opened, generation, extraEvents],
	);
	const continued = opened.previousEvents.length > 0;
	return (
		<ShellApp
			key={generation}
			{...rest}
			session={opened.session}
			initialEvents={initial}
			stickyEvents={sticky}
			stickyLast={continued}
			onResume={onResume}
		/>
	);
}
