/**
 * Who chats: a visitor gets a guest id, a member chats as themselves. The
 * contact pages' launcher decides it and the widget it loads runs with it;
 * both import it from here, so neither imports the other for a type.
 */
export type ChatAudience = 'guest' | 'member';
