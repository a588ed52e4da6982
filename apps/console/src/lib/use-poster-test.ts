/**
 * The Test of a post channel or of AcuCloud (testPoster {channel}): busy while it runs, the
 * module's answer in words as the Test Result, and the channel's health asked again afterwards
 * (the test may have ended a failure).
 */
import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { calls } from './endpoint-table.ts';
import { callEndpoint } from './api.ts';

export function usePosterTest(channel: number, statusKey: QueryKey) {
  const client = useQueryClient();
  const [result, setResult] = useState<string>();
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    setResult(undefined);
    try {
      setResult((await callEndpoint(calls.testPoster, { body: { channel } })).value);
    } catch {
      // The request helper has shown the failure.
    } finally {
      setTesting(false);
      void client.invalidateQueries({ queryKey: statusKey });
    }
  };
  return { result, setResult, testing, test };
}
