/**
 * The SSID picker (002 §2.2): the networks the radio hears, strongest first, each with its signal
 * icon (thresholds below -90, -80, -70 and 0 dBm); Set puts the chosen name in the SSID field.
 * A failed scan shows "Wifi is not ready." and closes.
 */
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { networkTexts as t, signalLevel, type SsidEntry } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { Loading } from '../../components/loading.tsx';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';

export function SignalIcon({ dbm }: { dbm: number }) {
  const level = signalLevel(dbm);
  return (
    <svg width="20" height="16" viewBox="0 0 20 16" role="img" aria-label={t.signal(dbm, level)}>
      <title>{t.signal(dbm, level)}</title>
      {[1, 2, 3, 4].map((bar) => (
        <rect key={bar} x={(bar - 1) * 5} y={16 - bar * 4} width="4" height={bar * 4} rx="1" fill="currentColor" opacity={bar <= level ? 1 : 0.2} />
      ))}
    </svg>
  );
}

export function SsidPicker({ onSet, onClose }: { onSet: (ssid: string) => void; onClose: () => void }) {
  const [list, setList] = useState<SsidEntry[] | undefined>();
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    let live = true;
    callEndpoint(calls.getSsid, { suppress: true }).then(
      (networks) => live && setList([...networks].sort((a, b) => b.signal - a.signal)),
      () => {
        if (!live) return;
        showAlert({ type: 'info', message: t.wifiNotReady });
        onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [onClose]);
  return (
    <Modal show onHide={onClose} centered aria-labelledby="ssid-picker-title">
      <Modal.Header closeButton>
        <Modal.Title id="ssid-picker-title" as="h2" className="h5">
          {t.pickSsid}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {list === undefined ? (
          <Loading />
        ) : (
          <ScrollRegion label={t.pickSsid}>
            <Table size="sm" hover className="mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col" aria-label="Choose" />
                  <th scope="col">{t.labels.staSsid}</th>
                  <th scope="col" className="text-end">
                    Signal (dBm)
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((n) => (
                  <tr key={n.ssid} onClick={() => setChosen(n.ssid)}>
                    <td>
                      <Form.Check type="radio" name="ssid-choice" id={`ssid-${n.ssid}`} aria-label={n.ssid} checked={chosen === n.ssid} onChange={() => setChosen(n.ssid)} />
                    </td>
                    <td>{n.ssid}</td>
                    <td className="text-end text-nowrap tabular-nums">
                      <SignalIcon dbm={n.signal} /> {n.signal}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollRegion>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={chosen === ''} onClick={() => onSet(chosen)}>
          {t.set}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
