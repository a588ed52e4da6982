/** Post channels (002 §3.6, §9.3): three channels for the data logs, channel 4 is AcuCloud's (001 §9). */
export const POST_CHANNEL_COUNT = 3;
export const POST_CHANNEL_IDS = [1, 2, 3] as const;
export type PostChannelId = (typeof POST_CHANNEL_IDS)[number];
/** testPoster and clearFolder name the cloud logger's queue as channel 4 (001 §9 "cloud test channel 4"). */
export const ACUCLOUD_CHANNEL = 4;

export const POST_METHODS = ['HTTP', 'FTP', 'SFTP'] as const;
export type PostMethod = (typeof POST_METHODS)[number];

/** HTTPAuthenticationMethod (002 §3.6). */
export const HTTP_AUTH_OPTIONS = [
  { value: 0, label: 'Default' },
  { value: 1, label: 'Basic' },
] as const;
export const HTTP_AUTH_BASIC = 1;

/** directoryOption (002 §3.6). */
export const FTP_DIRECTORY_OPTIONS = [
  { value: 0, label: 'MAC Name' },
  { value: 1, label: 'Customised' },
  { value: 2, label: 'None' },
] as const;
export const FTP_DIRECTORY = { mac: 0, custom: 1, none: 2 } as const;

/** §5.5 and §9.3 limits. */
export const POST_LIMITS = { fixedName: 20, credential: 40, sampleHeader: 200, directoryName: 40, port: [0, 65535] as const } as const;
