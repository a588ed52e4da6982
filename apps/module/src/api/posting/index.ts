/** Post channels (002 §7.2): test, clear and health; the settings are a section (api/sections). */
import { ACUCLOUD_CHANNEL, acuCloudTexts, endpoints, postingTexts as t, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AcuCloud } from '../../services/acucloud/acucloud.ts';
import type { PostChannels } from '../../services/posting/post-channels.ts';
import { badRequest } from '../../errors.ts';
import { handle } from '../registry.ts';

export interface PostingApiOptions {
  postChannels: PostChannels;
  /** Channel 4 of testPoster and clearFolder (001 §7, §9). */
  acuCloud: AcuCloud;
}

export const postingApi: FastifyPluginAsync<PostingApiOptions> = async (app, { postChannels, acuCloud }) => {
  handle(app, endpoints.testPoster, async ({ body, principal }) => ({
    value: body.channel === ACUCLOUD_CHANNEL ? await acuCloud.test(principal.userName) : await postChannels.test(body.channel, principal.userName),
  }));
  handle(app, endpoints.clearFolder, ({ body, principal }) => {
    const cloud = body.channel === ACUCLOUD_CHANNEL;
    try {
      if (cloud) acuCloud.clear(principal.userName);
      else postChannels.clear(body.channel, principal.userName);
      return { value: serverMessages.success };
    } catch {
      return { value: cloud ? acuCloudTexts.clearFailed : t.clearFailed };
    }
  });
  handle(app, endpoints.postChannelStatus, ({ query }) => {
    if (query.channel === undefined) throw badRequest(serverMessages.invalidQuery);
    return postChannels.status(query.channel);
  });
};
