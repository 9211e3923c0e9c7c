// the helper is the contract's: the server's readable copy of 'Download my data' shows senders the same way
export { HIDDEN_MARK, revealHidden } from '@baitcheck/contracts/lite';
