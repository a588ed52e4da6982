import { successReply } from '../schemas/common.ts';
import * as posting from '../schemas/posting.ts';
import { dataPostSection } from '../sections/posting.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

export const postingEndpoints = {
  // Post channels (002 §7.2): configuration view reads, configuration edit writes and acts.
  dataPostConfig: sectionRead('/settings/communication/dataPostConfig', dataPostSection, read('configuration')),
  saveDataPostConfig: sectionWrite('/settings/communication/dataPostConfig', dataPostSection, write('configuration')),
  /** Sends a small real test file with the saved settings; `value` says what happened, in words. */
  testPoster: ep({ method: 'PATCH', path: '/command/testPoster', body: posting.postChannelBody, reply: successReply, auth: write('configuration') }),
  /** Empties the channel's queue of waiting files; `value` 'Success'. */
  clearFolder: ep({ method: 'PATCH', path: '/command/clearFolder', body: posting.postChannelBody, reply: successReply, auth: write('configuration') }),
  /** The channel's health (decided: not in the spec): last success, last failure with its reason, files waiting. */
  postChannelStatus: ep({ method: 'GET', path: '/command/postChannelStatus', query: posting.postChannelStatusQuery, reply: posting.postChannelStatus, auth: read('configuration') }),
} as const;
