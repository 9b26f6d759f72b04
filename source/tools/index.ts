export {type FindDetails, find, findResultCap} from './find.js';
export {type GrepDetails, grep, grepMatchCap, grepPerFileCap} from './grep.js';
export type {GrepMatch} from './grep-file.js';
export {type LsDetails, ls, lsEntryCap} from './ls.js';
export type {RawToolArgs, ToolContext, ToolOutcome} from './types.js';
