import { Fragment } from 'react';
import { Highlighted } from './Highlighted';

/** A tool name (`EmailClientV2.send_email`) that wraps after `.` and `_` in a narrow lane, not inside words. */
export function ToolName({ name }: { name: string }) {
  const pieces = name.split(/(?<=[._])/);
  return pieces.map((piece, i) => (
    <Fragment key={i}>
      <Highlighted text={piece} />
      {i < pieces.length - 1 && <wbr />}
    </Fragment>
  ));
}
