/** The SMIv2 module of the served subtree, written from the OID table (snmptranslate parses it; a test proves it). */
import { ENTERPRISE_OID, MEASUREMENTS, MIB_MODULE } from './oid-table.ts';

/** The objects of the alarm trap, under meterEventObjects (arcs as ALARM_OBJECT_OIDS). */
const ALARM_OBJECTS = [
  { name: 'meterAlarmId', arc: 3, syntax: 'Integer32 (1..10)', description: 'The alarm limit, 1 to 10.' },
  { name: 'meterAlarmParameter', arc: 4, syntax: 'DisplayString', description: 'The monitored parameter.' },
  { name: 'meterAlarmCondition', arc: 5, syntax: 'DisplayString', description: 'The condition: >, = or <.' },
  { name: 'meterAlarmSetpoint', arc: 6, syntax: 'DisplayString', description: 'The set point, as the Alarm Log shows it.' },
  { name: 'meterAlarmValue', arc: 7, syntax: 'DisplayString', description: 'The value at the change, as the Alarm Log shows it.' },
  { name: 'meterAlarmStatus', arc: 8, syntax: 'DisplayString', description: 'Triggered or Recovered.' },
] as const;

const ENTERPRISE_NUMBER = ENTERPRISE_OID.slice(ENTERPRISE_OID.lastIndexOf('.') + 1);

export function mibFile(): string {
  const objects = MEASUREMENTS.map(
    (m) => `${m.name} OBJECT-TYPE
    SYNTAX      ${m.syntax}
    UNITS       "${m.units}"
    MAX-ACCESS  read-only
    STATUS      current
    DESCRIPTION "${m.description}, in ${m.units}."
    ::= { meterMeasurements ${m.arc} }
`,
  ).join('\n');
  return `${MIB_MODULE} DEFINITIONS ::= BEGIN

IMPORTS
    MODULE-IDENTITY, OBJECT-TYPE, NOTIFICATION-TYPE, Integer32, Unsigned32, Counter64, enterprises
        FROM SNMPv2-SMI
    DisplayString
        FROM SNMPv2-TC
    OBJECT-GROUP, NOTIFICATION-GROUP
        FROM SNMPv2-CONF;

accuMeter MODULE-IDENTITY
    LAST-UPDATED "202611220000Z"
    ORGANIZATION "Meter communication module"
    CONTACT-INFO "See the device's About page."
    DESCRIPTION  "Live measurements and system event notifications of the multi-circuit
                 power and energy meter. The enterprise number is a placeholder."
    ::= { enterprises ${ENTERPRISE_NUMBER} }

meterObjects       OBJECT IDENTIFIER ::= { accuMeter 1 }
meterMeasurements  OBJECT IDENTIFIER ::= { meterObjects 1 }
meterNotifications OBJECT IDENTIFIER ::= { accuMeter 2 }
meterTraps         OBJECT IDENTIFIER ::= { meterNotifications 0 }
meterEventObjects  OBJECT IDENTIFIER ::= { meterNotifications 1 }
meterConformance   OBJECT IDENTIFIER ::= { accuMeter 3 }

${objects}
meterEventName OBJECT-TYPE
    SYNTAX      DisplayString
    MAX-ACCESS  accessible-for-notify
    STATUS      current
    DESCRIPTION "The meter system event, as the Event Log shows it."
    ::= { meterEventObjects 1 }

meterEventTime OBJECT-TYPE
    SYNTAX      Unsigned32
    UNITS       "seconds since 1970-01-01 UTC"
    MAX-ACCESS  accessible-for-notify
    STATUS      current
    DESCRIPTION "When the event happened."
    ::= { meterEventObjects 2 }

${ALARM_OBJECTS.map(
  (o) => `${o.name} OBJECT-TYPE
    SYNTAX      ${o.syntax}
    MAX-ACCESS  accessible-for-notify
    STATUS      current
    DESCRIPTION "${o.description}"
    ::= { meterEventObjects ${o.arc} }
`,
).join('\n')}
meterSystemEvent NOTIFICATION-TYPE
    OBJECTS     { meterEventName, meterEventTime }
    STATUS      current
    DESCRIPTION "A meter system event (restart, resets, settings changed ...)."
    ::= { meterTraps 1 }

meterAlarm NOTIFICATION-TYPE
    OBJECTS     { ${ALARM_OBJECTS.map((o) => o.name).join(', ')}, meterEventTime }
    STATUS      current
    DESCRIPTION "An alarm limit triggered or recovered, as the Alarm Log records it."
    ::= { meterTraps 2 }

meterMeasurementGroup OBJECT-GROUP
    OBJECTS     { ${MEASUREMENTS.map((m) => m.name).join(', ')} }
    STATUS      current
    DESCRIPTION "The live measurements."
    ::= { meterConformance 1 }

meterEventGroup OBJECT-GROUP
    OBJECTS     { meterEventName, meterEventTime, ${ALARM_OBJECTS.map((o) => o.name).join(', ')} }
    STATUS      current
    DESCRIPTION "The objects the notifications carry."
    ::= { meterConformance 2 }

meterNotificationGroup NOTIFICATION-GROUP
    NOTIFICATIONS { meterSystemEvent, meterAlarm }
    STATUS      current
    DESCRIPTION "The notifications."
    ::= { meterConformance 3 }

END
`;
}
