/** The answer of a connection test (post channels, AcuCloud, e-mail), read out as it arrives. */
export function TestResult({ label, result, className = 'mt-3 mb-0' }: { label: string; result: string | undefined; className?: string }) {
  if (result === undefined) return null;
  return (
    <p role="status" className={className}>
      <strong>{label}:</strong> <span data-testid="test-result">{result}</span>
    </p>
  );
}
