import { useEffect, useState } from 'react';

/** False while the view paints its first frame, true from the frame after: what the first paint does not need waits. */
export function useAfterFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setAfter(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return after;
}
