import { linkRuleTable } from '../../test-support/rule-table';
import { ipfsLink } from './ipfs-link';

linkRuleTable(ipfsLink, {
  fires: [
    ['https://ipfs.io/ipfs/bafybeifx7yeb55armcsxwwitkymga5xf53dxiarykms3ygqic223w5sk3m/index.html', ['ipfs.io']],
    ['https://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi.ipfs.dweb.link/', ['dweb.link']],
    ['https://gateway.example.org/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG', ['gateway.example.org']],
  ],
  quiet: ['https://example.com/', 'https://docs.ipfs.tech/concepts/', 'https://example.com/blog/ipfs-explained'],
});
