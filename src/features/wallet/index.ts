/**
 * The wallet modals the member home renders (the task's props contract).
 * A deliberate exception to "no barrel files": the home imports
 * all three from one place, and they share one chunk anyway.
 */
export { TransferModal, type TransferModalProps } from './TransferModal.tsx';
export { WithdrawModal, type WithdrawModalProps } from './WithdrawModal.tsx';
export { GameAccountModal, type GameAccountModalProps } from './GameAccountModal.tsx';
