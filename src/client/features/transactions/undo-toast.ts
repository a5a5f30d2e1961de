// The undo toast is shared with the import feature's revert (docs/import.md#revert), so it lives
// in lib/; this name stays for the transactions feature's files that import it from here.
export { toastWithUndo } from '../../lib/undo-toast.js';
