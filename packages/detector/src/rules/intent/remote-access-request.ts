/** Asks you to install a remote-access app (AnyDesk, TeamViewer, QuickSupport...) so "support" can connect. */
import { intentRule } from './lib/intent-rule';
import { re } from './lib/words';

const APP =
  '(?:any\\s?desk|team\\s?viewer|quick\\s?support|quick\\s?assist|ultra\\s?viewer|rust\\s?desk|screen\\s?connect|connectwise|logmein|splashtop|supremo|ammyy|airdroid|rescue\\s?assist|remote\\s+(?:access|desktop|support)\\s+(?:app|tool|software))';
const DO = '(?:download|install|open|run|launch|share|give|send|read|tell|allow|accept|grant|complete)';

/** Fires on a remote-access app with an instruction to install it, open it or share its code. */
export const remoteAccessRequest = intentRule({
  id: 'remote-access-request',
  label: 'Asks you to install a remote-access app so someone can control your device',
  severity: 'high',
  routes: [[{ re: re(APP), inLinks: true }, { re: re(DO), notNegated: true }]],
  window: 80,
});
