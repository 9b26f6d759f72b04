/**
Waking a follower as soon as a file or folder changes, rather than at its next poll: `fs.watch`
(inotify, FSEvents) on each path, with the poll as the fallback. fs.watch is a hint only: it misses
changes on network file systems, on some containers' overlays, and between two waits; so every wait
also ends after `pollMs`, and a change seen by neither is found at the next poll.
*/
import {type FSWatcher, watch} from 'node:fs';
import path from 'node:path';

/** Something a follower can wait on between two looks at its files. */
export type Waiter = {
	/** Resolves at the next change of a watched path, after `pollMs`, or when the signal aborts. */
	wait(pollMs: number, signal: AbortSignal): Promise<void>;
};

/** Wakes waiters when any of its paths changes. A path that does not exist yet is watched once it does. */
export class ChangeWaker implements Waiter {
	private readonly watchers = new Map<string, FSWatcher>();
	private readonly wanted = new Set<string>();
	private changed = false;
	private wake: (() => void) | undefined;
	private closed = false;

	/**
	Which changes wake the waiter (all when absent): given the event and, when the system names it, the
	path that changed. For the session folders: not the log being followed, whose every line changes its
	folder too and is read by its own follower.
	*/
	private readonly wakeFor: ((event: string, changed: string | undefined) => boolean) | undefined;

	constructor(
		paths: readonly string[] = [],
		options: {readonly wakeFor?: (event: string, changed: string | undefined) => boolean} = {},
	) {
		this.wakeFor = options.wakeFor;
		for (const watched of paths) {
			this.wanted.add(watched);
		}
	}

	/** Watch these paths from now on (in addition to those given before). */
	add(...paths: readonly string[]): void {
		for (const watched of paths) {
			this.wanted.add(watched);
		}

		this.arm();
	}

	/** Stop watching a path. */
	remove(watched: string): void {
		this.wanted.delete(watched);
		this.watchers.get(watched)?.close();
		this.watchers.delete(watched);
	}

	async wait(pollMs: number, signal: AbortSignal): Promise<void> {
		if (this.closed || signal.aborted) {
			return;
		}

		this.arm();
		// A change between two waits is not lost: the wait after it returns at once.
		if (this.changed) {
			this.changed = false;
			return;
		}

		await new Promise<void>((resolve) => {
			const done = () => {
				clearTimeout(timer);
				signal.removeEventListener('abort', done);
				this.wake = undefined;
				resolve();
			};

			const timer = setTimeout(done, pollMs);
			signal.addEventListener('abort', done, {once: true});
			this.wake = done;
		});
		this.changed = false;
	}

	close(): void {
		this.closed = true;
		for (const watcher of this.watchers.values()) {
			watcher.close();
		}

		this.watchers.clear();
		this.wake?.();
	}

	/** Start watching the wanted paths not yet watched: those missing until now may exist by now. */
	private arm(): void {
		if (this.closed) {
			return;
		}

		for (const watched of this.wanted) {
			if (!this.watchers.has(watched)) {
				this.armOne(watched);
			}
		}
	}

	/**
	Watch `watched`, or while it is missing the nearest folder above it that exists, for the creation
	of the next folder on the way (a session folder made with the session's first log): that change
	wakes the waiter, and the next wait watches one level deeper.
	*/
	private armOne(watched: string): void {
		let target = watched;
		for (;;) {
			const next =
				target === watched
					? undefined
					: path.basename(path.relative(target, watched).split(path.sep)[0] ?? '');
			try {
				const watcher = watch(target, {persistent: false}, (event, name) => {
					if (next !== undefined && name !== null && String(name) !== next) {
						// Something else changed in the folder above: not on the way to the path.
						return;
					}

					if (this.wakeFor?.(event, name === null ? undefined : path.join(target, String(name))) === false) {
						return;
					}

					// A file renamed over or removed follows its old inode; a folder above the path is done
					// once the next one is made. Either way the next wait watches the path again.
					if ((event === 'rename' || next !== undefined) && this.watchers.get(watched) === watcher) {
						watcher.close();
						this.watchers.delete(watched);
					}

					this.notice();
				});
				// A watched folder removed, or a watch the system takes back: poll until it can be armed again.
				watcher.on('error', () => {
					watcher.close();
					if (this.watchers.get(watched) === watcher) {
						this.watchers.delete(watched);
					}

					this.notice();
				});
				this.watchers.set(watched, watcher);
				return;
			} catch (error) {
				const parent = path.dirname(target);
				// No watches left (inotify's limit), or nothing above exists: the poll covers it.
				if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === target) {
					return;
				}

				target = parent;
			}
		}
	}

	private notice(): void {
		if (this.wake === undefined) {
			this.changed = true;
			return;
		}

		this.wake();
	}
}
