// The simulated apps' tools, as the agent sees them in its tool list (trace.jsonl requests) and as the
// environment logs them (events.jsonl `w`). Names follow GAIA2: `<App>__<function>`.

type ParamType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

export interface ToolDefinition {
  app: string;
  fn: string;
  description: string;
  /** True when the call changes the environment (logged with `w: true` and judged against oracle events). */
  write: boolean;
  /** Parameters; a description only where the type alone does not say the expected form. */
  params: Record<string, { type: ParamType; description?: string; required?: boolean }>;
}

const definitions: ToolDefinition[] = [
  {
    app: 'AgentUserInterface',
    fn: 'send_message_to_user',
    description: 'Sends a message to the user. Use it to answer, to ask a clarifying question, or to report that the task is done.',
    write: true,
    params: { content: { type: 'string', required: true } },
  },
  {
    app: 'SystemApp',
    fn: 'get_current_time',
    description: 'Returns the current date and time.',
    write: false,
    params: {},
  },
  {
    app: 'Contacts',
    fn: 'search_contacts',
    description: 'Searches contacts by name, email or phone number. Returns the matching contacts.',
    write: false,
    params: { query: { type: 'string', required: true } },
  },
  {
    app: 'EmailClientV2',
    fn: 'search_emails',
    description: 'Searches emails in a folder by sender, subject or content.',
    write: false,
    params: {
      query: { type: 'string', required: true },
      folder_name: { type: 'string', description: 'INBOX, SENT, DRAFT or TRASH. Default INBOX.' },
    },
  },
  {
    app: 'EmailClientV2',
    fn: 'send_email',
    description: 'Sends an email to the given recipients. Returns the id of the sent email.',
    write: true,
    params: {
      recipients: { type: 'array', required: true },
      subject: { type: 'string', required: true },
      content: { type: 'string', required: true },
      cc: { type: 'array' },
    },
  },
  {
    app: 'EmailClientV2',
    fn: 'reply_to_email',
    description: 'Replies to an email. Returns the id of the reply.',
    write: true,
    params: {
      email_id: { type: 'string', required: true },
      content: { type: 'string', required: true },
    },
  },
  {
    app: 'Calendar',
    fn: 'get_calendar_events_from_to',
    description: 'Lists calendar events that overlap the given period.',
    write: false,
    params: {
      start_datetime: { type: 'string', description: 'YYYY-MM-DD HH:MM:SS', required: true },
      end_datetime: { type: 'string', description: 'YYYY-MM-DD HH:MM:SS', required: true },
    },
  },
  {
    app: 'Calendar',
    fn: 'search_events',
    description: 'Searches calendar events by title, description, location or attendee.',
    write: false,
    params: { query: { type: 'string', required: true } },
  },
  {
    app: 'Calendar',
    fn: 'add_calendar_event',
    description: 'Adds an event to the calendar. Returns the new event id.',
    write: true,
    params: {
      title: { type: 'string', required: true },
      start_datetime: { type: 'string', description: 'YYYY-MM-DD HH:MM:SS', required: true },
      end_datetime: { type: 'string', description: 'YYYY-MM-DD HH:MM:SS', required: true },
      location: { type: 'string' },
      attendees: { type: 'array' },
      description: { type: 'string' },
    },
  },
  {
    app: 'Calendar',
    fn: 'edit_calendar_event',
    description: 'Changes fields of an existing event.',
    write: true,
    params: {
      event_id: { type: 'string', required: true },
      title: { type: 'string' },
      start_datetime: { type: 'string', description: 'New start, YYYY-MM-DD HH:MM:SS.' },
      end_datetime: { type: 'string', description: 'New end, YYYY-MM-DD HH:MM:SS.' },
    },
  },
  {
    app: 'Calendar',
    fn: 'delete_calendar_event',
    description: 'Deletes an event from the calendar.',
    write: true,
    params: { event_id: { type: 'string', required: true } },
  },
  {
    app: 'Chats',
    fn: 'read_conversation',
    description: 'Returns the latest messages of a conversation.',
    write: false,
    params: {
      conversation_id: { type: 'string', required: true },
      limit: { type: 'integer' },
    },
  },
  {
    app: 'Chats',
    fn: 'send_message_to_group_conversation',
    description: 'Posts a message in a group conversation.',
    write: true,
    params: {
      conversation_id: { type: 'string', required: true },
      content: { type: 'string', required: true },
    },
  },
  {
    app: 'RentAFlat',
    fn: 'search_apartments',
    description: 'Searches listed apartments. Returns id, name, location, price and bedrooms of each match.',
    write: false,
    params: {
      location: { type: 'string', required: true },
      number_of_bedrooms: { type: 'integer' },
      max_price: { type: 'number' },
    },
  },
  {
    app: 'RentAFlat',
    fn: 'get_apartment_details',
    description: 'Returns every field of one apartment listing.',
    write: false,
    params: { apartment_id: { type: 'string', required: true } },
  },
  {
    app: 'RentAFlat',
    fn: 'save_apartment',
    description: "Saves an apartment to the user's favourites.",
    write: true,
    params: { apartment_id: { type: 'string', required: true } },
  },
  {
    app: 'Shopping',
    fn: 'list_orders',
    description: "Lists the user's past orders with their items.",
    write: false,
    params: {},
  },
  {
    app: 'Shopping',
    fn: 'add_to_cart',
    description: 'Adds an item to the cart.',
    write: true,
    params: {
      item_id: { type: 'string', required: true },
      quantity: { type: 'integer' },
    },
  },
  {
    app: 'Shopping',
    fn: 'checkout',
    description: 'Places an order for everything in the cart. Returns the order id.',
    write: true,
    params: { discount_code: { type: 'string' } },
  },
];

const byName = new Map(definitions.map((d) => [toolName(d.app, d.fn), d]));

/** The agent's message to the user: its answer, a question, or the report that the task is done. */
export const SEND_MESSAGE_TO_USER = 'AgentUserInterface__send_message_to_user';

export function toolName(app: string, fn: string): string {
  return `${app}__${fn}`;
}

export function tool(name: string): ToolDefinition {
  const found = byName.get(name);
  if (!found) throw new Error(`unknown tool ${name}`);
  return found;
}

/** JSON Schema of a tool's parameters, as both providers take it. */
export function parameterSchema(def: ToolDefinition): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(def.params)) properties[name] = p.description ? { type: p.type, description: p.description } : { type: p.type };
  const required = Object.entries(def.params)
    .filter(([, p]) => p.required === true)
    .map(([name]) => name);
  return { type: 'object', properties, required };
}
