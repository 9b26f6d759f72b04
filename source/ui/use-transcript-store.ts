/**
The store behind a view that may show a long session (replay, watch): large tool results are kept
in a vault on disk and read back when shown, so the view's memory follows what is on screen.
*/
import {useEffect, useState} from 'react';
import {TranscriptStore} from '../transcript/reducer.js';
import {ResultVault} from '../transcript/result-vault.js';

/** One store for the component's life; its vault's file is closed (and so freed) on unmount. */
export function useTranscriptStore(): TranscriptStore {
	const [held] = useState(() => {
		const vault = ResultVault.open();
		return {vault, store: new TranscriptStore([], {vault})};
	});
	useEffect(() => () => held.vault.close(), [held]);
	return held.store;
}
