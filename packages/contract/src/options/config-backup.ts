/** Config Management constants (002 §2.15, §5.10, §9.4). */

/** 002 §9.4: up to 10 saved configurations. */
export const MAX_CONFIG_BACKUPS = 10;
export const CONFIG_FILE_EXTENSION = '.conf.an';
/** Decided: the Description field's length (not shown). */
export const CONFIG_DESCRIPTION_MAX = 64;
/** A configuration file is small: its upload (upload/local/configFile) stays under the module's body limit. */
export const CONFIG_FILE_MAX_BYTES = 900_000;

/**
 * 002 §2.15: device-specific settings are not backed up: network, web server, cloud, remote access,
 * the MQTT client id and SSL certificates. Matched on the section keys (and SSH, a remote door of its
 * own; IPv6 addresses are the device's network settings too); the MQTT client id is dropped from
 * any MQTT section.
 */
export const DEVICE_SPECIFIC_SECTION = /network|ipv6|webServer|web_server|httpServer|cloud|remoteAccess|remote_access|certificate|ssl|tls|sshConfig/i;
export const MQTT_SECTION = /mqtt/i;
/** The client id's keys, at the top of an MQTT section or one level down (`mqttGenaral.ClientId`). */
export const MQTT_CLIENT_ID_KEYS = ['ClientId', 'clientId', 'clientID', 'mqttClientId'] as const;
