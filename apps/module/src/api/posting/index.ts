/** Post channels (002 §7.2): test, clear and health; the settings are a section (api/sections). */
import { endpoints, postingTexts as t, serverMessages } from '@meter/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { PostChannels } from '../../services/posting/post-channels.ts';
import { badRequest } from '../../errors.ts';
import { handle } from '../registry.ts';

export interface PostingApiOptions {
  postChannels: PostChannels;
}

export const postingApi: FastifyPluginAsync<PostingApiOptions> = async (app, { postChannels }) => {
  handle(app, endpoints.testPoster, async ({ body, principal }) => ({ value: await postChannels.test(body.channel, principal.userName) }));
  handle(app, endpoints.clearFolder, ({ body, principal }) => {
    try {
      postChannels.clear(body.channel, principal.userName);
      return { value: serverMessages.success };
    } catch {
      return { value: t.clearFailed };
    }
  });
  handle(app, endpoints.postChannelStatus, ({ query }) => {
    if (query.channel === undefined) throw badRequest(serverMessages.invalidQuery);
    return postChannels.status(query.channel);
  });
};
