/** The post channels' settings (002 §3.6, §5.5): one section, dataPost1..3. */
import { postingTexts } from '../messages.ts';
import { dataPostConfigData, dataPostConfigSchema, type PostChannelConfig } from '../schemas/posting.ts';
import { defineSection } from './section.ts';

const channelDefaults = (): PostChannelConfig => ({
  enable: false,
  postMethod: 'HTTP',
  postChannelInfo: {
    includeHeader: true,
    sampleHeader: '',
    isFixed: false,
    manualInputName: '',
    HTTPAddress: '',
    HTTPPort: 80,
    HTTPMeterId: '',
    HTTPAuthenticationMethod: 0,
    username: '',
    password: '',
    directoryOption: 0,
    directoryName: '',
    FTPAddress: '',
    FTPPort: 21,
    FTPUsername: '',
    FTPPassword: '',
    SFTPAddress: '',
    SFTPPort: 22,
    SFTPUsername: '',
    SFTPPassword: '',
  },
});

export const dataPostSection = defineSection({
  key: 'dataPostConfig',
  title: postingTexts.settingsTitle,
  context: 'none',
  body: () => dataPostConfigSchema,
  data: dataPostConfigData,
  reboot: true,
  savedMessage: postingTexts.saved,
  defaults: () => ({ dataPost1: channelDefaults(), dataPost2: channelDefaults(), dataPost3: channelDefaults() }),
});
