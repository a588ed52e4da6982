/** The SMIv2 module of the served subtree, written from the OID table (snmptranslate parses it; a test proves it). */
import { ENTERPRISE_OID, MEASUREMENTS, MIB_MODULE } from './oid-table.ts';

const ENTERPRISE_NUMBER = ENTERPRISE_OID.split('.').pop()!;

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

meterSystemEvent NOTIFICATION-TYPE
    OBJECTS     { meterEventName, meterEventTime }
    STATUS      current
    DESCRIPTION "A meter system event (restart, resets, settings changed ...)."
    ::= { meterTraps 1 }

meterMeasurementGroup OBJECT-GROUP
    OBJECTS     { ${MEASUREMENTS.map((m) => m.name).join(', ')} }
    STATUS      current
    DESCRIPTION "The live measurements."
    ::= { meterConformance 1 }

meterEventGroup OBJECT-GROUP
    OBJECTS     { meterEventName, meterEventTime }
    STATUS      current
    DESCRIPTION "The objects the notifications carry."
    ::= { meterConformance 2 }

meterNotificationGroup NOTIFICATION-GROUP
    NOTIFICATIONS { meterSystemEvent }
    STATUS      current
    DESCRIPTION "The notifications."
    ::= { meterConformance 3 }

END
`;
}
