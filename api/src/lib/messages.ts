// What the portal shows (spec §8): every error `code` has a message in Russian (the default UI
// language) and English, chosen by the request's Accept-Language.
export type Language = 'ru' | 'en';

const messages = {
  invalid: { ru: 'Проверьте введённые данные.', en: 'Please check the data you entered.' },
  invalid_json: { ru: 'Тело запроса — не корректный JSON.', en: 'The request body is not valid JSON.' },
  unsupported_media_type: { ru: 'Неподдерживаемый тип содержимого запроса.', en: 'Unsupported request content type.' },
  payload_too_large: { ru: 'Запрос слишком большой.', en: 'The request is too large.' },
  invalid_credentials: { ru: 'Неверная эл. почта или пароль.', en: 'Wrong email or password.' },
  not_authenticated: { ru: 'Требуется вход в систему.', en: 'Please sign in.' },
  token_invalid: { ru: 'Сеанс истёк или недействителен. Войдите снова.', en: 'Your session has expired or is invalid. Please sign in again.' },
  contract_required: {
    ru: 'Сначала подпишите договор: до подписи можно только смотреть заказы, отгрузки, претензии и документы.',
    en: 'Please sign the agreement first: until then you can only view orders, shipments, claims and documents.',
  },
  agreement_unchanged: { ru: 'Текст договора не изменился: публиковать нечего.', en: 'The agreement text has not changed: there is nothing to publish.' },
  forbidden: { ru: 'Недостаточно прав для этого действия.', en: 'You are not allowed to do this.' },
  not_found: { ru: 'Не найдено.', en: 'Not found.' },
  method_not_allowed: { ru: 'Метод не поддерживается.', en: 'Method not allowed.' },
  conflict: { ru: 'Конфликт с текущим состоянием данных.', en: 'This conflicts with the current state of the data.' },
  rate_limited: { ru: 'Слишком много запросов. Попробуйте позже.', en: 'Too many requests. Please try again later.' },
  restore_sent: {
    ru: 'Если такой аккаунт существует, мы отправили на его email ссылку для восстановления доступа.',
    en: 'If such an account exists, we have sent a link to restore access to its email.',
  },
  restore_token_invalid: { ru: 'Ссылка для восстановления недействительна или устарела.', en: 'The restore link is invalid or has expired.' },
  current_password_wrong: { ru: 'Неверный текущий пароль.', en: 'The current password is wrong.' },
  password_changed_here: {
    ru: 'Пароль изменён. Вход на других устройствах завершён, здесь вы остаётесь в системе.',
    en: 'Your password has been changed. You are signed out on other devices and stay signed in here.',
  },
  password_changed: { ru: 'Пароль изменён. Теперь можно войти.', en: 'Your password has been changed. You can sign in now.' },
  server_error: { ru: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.', en: 'Internal server error. Please try again later.' },
  unavailable: { ru: 'Сервис временно недоступен.', en: 'The service is temporarily unavailable.' },
  busy: { ru: 'Сервер сейчас перегружен. Повторите через несколько секунд.', en: 'The server is busy right now. Please try again in a few seconds.' },
  sign_in_busy: {
    ru: 'Сейчас проверяется слишком много паролей одновременно. Повторите вход через несколько секунд.',
    en: 'Too many passwords are being checked at once right now. Please sign in again in a few seconds.',
  },
  invalid_multipart: { ru: 'Не удалось прочитать форму с файлом.', en: 'The form with the file could not be read.' },
  file_type_not_allowed: { ru: 'Такой тип файла не принимается: загрузите PDF, изображение, документ Office, архив ZIP или текст.', en: 'This kind of file is not accepted: upload a PDF, an image, an Office document, a ZIP archive or text.' },
  file_type_mismatch: { ru: 'Содержимое файла не соответствует его типу.', en: 'The file content does not match its type.' },
  file_required: { ru: 'Приложите файл.', en: 'Please attach a file.' },
  status_transition: { ru: 'Такой переход статуса невозможен.', en: 'This status change is not allowed.' },
  not_editable: { ru: 'Изменять или удалять можно только новые записи.', en: 'Only new records can be changed or deleted.' },
  min_order_total: { ru: 'Сумма заказа меньше минимальной: {minimum} ₽.', en: 'The order total is below the minimum of {minimum} ₽.' },
  order_line_duplicate: { ru: 'Этот товар уже есть в заказе.', en: 'This product is already in the order.' },
  deletion_not_allowed: { ru: 'Удалить можно только заказ, который ещё не отгружен и не отменён.', en: 'Only an order that is not yet shipped or cancelled can be deleted.' },
  order_not_shippable: { ru: 'Отгрузить можно только подтверждённый заказ.', en: 'Only a confirmed order can be shipped.' },
  claim_order_status: { ru: 'Претензию можно подать только по отгруженному или выполненному заказу.', en: 'A claim can only be made for a shipped or completed order.' },
  claim_product: { ru: 'Этого товара нет в заказе.', en: 'This product is not in the order.' },
  claim_quantity: { ru: 'Количество больше, чем осталось по строке заказа без претензий: {available}.', en: 'The quantity is more than is left of the order line without claims: {available}.' },
  claim_photo_required: { ru: 'При повреждении приложите фотографию.', en: 'Please attach a photo of the damage.' },
  claim_resolution_required: { ru: 'Напишите решение по претензии.', en: 'Please write the decision on the claim.' },
  stock_short: { ru: 'Недостаточно товара «{product}» на складе: доступно {available}.', en: 'Not enough of «{product}» in stock: {available} available.' },
  stock_below_reserved: { ru: 'Количество не может быть меньше зарезервированного по заказам: {reserved}.', en: 'The quantity cannot be less than what orders have reserved: {reserved}.' },
  stock_write_off_short: { ru: 'Нельзя списать больше, чем есть на складе: {quantity}.', en: 'You cannot write off more than is in stock: {quantity}.' },
  stock_too_large: { ru: 'Остаток не может быть больше {max}: сейчас на складе {quantity}.', en: 'The stock cannot be more than {max}: {quantity} in stock now.' },
  product_unavailable: { ru: 'Товар недоступен для заказа.', en: 'This product cannot be ordered.' },
  duplicate: { ru: 'Запись с таким значением уже существует.', en: 'A record with this value already exists.' },
  in_use: { ru: 'Запись используется другими данными и не может быть удалена.', en: 'This record is used by other data and cannot be deleted.' },
  group_has_dealers: { ru: 'В группе есть дилеры: переведите их в другую группу, затем удалите её.', en: 'The group has dealers: move them to another group, then delete it.' },
  dealer_inactive: { ru: 'Дилер отключён: заказы от него не принимаются.', en: 'The dealer is deactivated: its orders are not accepted.' },
  user_self_deactivation: { ru: 'Нельзя отключить собственную учётную запись.', en: 'You cannot deactivate your own account.' },
  user_last_admin: {
    ru: 'Это последний активный администратор: сначала назначьте администратором другого пользователя.',
    en: 'This is the last active admin: make another user an admin first.',
  },
  user_inactive: { ru: 'Пользователь отключён: сначала включите его.', en: 'The user is deactivated: reactivate them first.' },
  dealer_required: { ru: 'Выберите дилера: пользователь-дилер работает от его имени.', en: 'Choose the dealer this dealer user works for.' },
  dealer_forbidden: { ru: 'У сотрудника (менеджера или администратора) не бывает дилера.', en: 'A staff user (manager or admin) has no dealer.' },
  dealer_unknown: { ru: 'Такого дилера нет.', en: 'There is no such dealer.' },
  upload_quota: {
    ru: 'Дневной лимит загрузок исчерпан: не больше {files} файлов и {megabytes} МБ в сутки на дилера. Загрузить снова можно после {reset} (UTC).',
    en: 'The daily upload limit is reached: at most {files} files and {megabytes} MB a day per dealer. Uploads open again after {reset} (UTC).',
  },
  attachment_in_use: {
    ru: 'Файл нельзя удалить: на него ссылается новость, заказ, претензия или комментарий. Сначала уберите ссылку.',
    en: 'The file cannot be deleted: a news item, an order, a claim or a comment links to it. Remove the link first.',
  },
  deletion_pending: { ru: 'По этому заказу уже есть запрос на удаление.', en: 'A deletion request for this order already exists.' },
  // Releases of the remotes (design §3 "Releases"): read by remote teams and their deploy tools.
  bad_archive: { ru: 'Архив не принят: {reason}.', en: 'The archive cannot be used: {reason}.' },
  archive_too_large: { ru: 'Архив слишком велик: {reason}.', en: 'The archive is too large: {reason}.' },
  upload_in_progress: {
    ru: 'Релиз этого раздела уже загружается: дождитесь конца той загрузки и повторите.',
    en: 'A release of this remote is being uploaded already: wait for that upload to end and retry.',
  },
  incompatible: { ru: 'Сборка несовместима с порталом: см. причины.', en: 'The build is not compatible with the portal: see the reasons.' },
  precondition_required: {
    ru: 'Передайте If-Match с идентификатором текущего релиза (или *, если его нет).',
    en: 'Send If-Match with the id of the live release (or * when there is none).',
  },
  precondition_failed: {
    ru: 'Другое развёртывание уже сменило текущий релиз: прочитайте состояние снова и повторите.',
    en: 'Another deploy changed the live release first: read the remote again and retry.',
  },
  release_files_gone: { ru: 'Файлы этого релиза больше не хранятся: сделать его текущим нельзя.', en: 'The files of this release are no longer kept: it cannot be made live.' },
  no_previous_release: { ru: 'Нет релиза, который был текущим до этого: откатываться некуда.', en: 'No release was live before this one: there is nothing to roll back to.' },
  deploy_key_refused: { ru: 'Ключ развёртывания не подходит для раздела {remote}.', en: 'This deploy key does not belong to {remote}.' },
  deploy_key_unknown: { ru: 'Ключ развёртывания не подходит: он отозван или его нет.', en: 'This deploy key is not valid: it was revoked or never made.' },
  remote_unknown: { ru: 'Такого раздела нет.', en: 'There is no such remote.' },
  override_origin: { ru: 'Нужен абсолютный адрес http(s) с разрешённого источника: {origins}.', en: 'An absolute http(s) URL on an allowed origin is needed: {origins}.' },
  // Saved list views (issue 18 item 8, areas/views.ts).
  view_name_taken: { ru: 'Вид с таким названием уже есть в этом списке.', en: 'This list already has a view with this name.' },
  views_limit: { ru: 'В этом списке уже {limit} сохранённых видов: удалите ненужный, чтобы сохранить новый.', en: 'This list already has {limit} saved views: delete one to save another.' },
  field_view_list: { ru: 'Такого списка нет.', en: 'There is no such list.' },
  field_view_query: { ru: 'Это не строка запроса списка (вида «status=new&ordering=-created_at», без «?»).', en: 'Not a list query string (like «status=new&ordering=-created_at», without «?»).' },
  field_view_shared: { ru: 'Показывать вид всем сотрудникам может только сотрудник.', en: 'Only staff can show a view to all staff.' },
  // Field messages (the `fields` of a 400).
  field_required: { ru: 'Обязательное поле.', en: 'This field is required.' },
  field_unknown: { ru: 'Неизвестное поле.', en: 'Unknown field.' },
  field_type: { ru: 'Неверный тип значения.', en: 'Wrong type of value.' },
  field_email: { ru: 'Введите корректный адрес эл. почты.', en: 'Enter a valid email address.' },
  field_too_short: { ru: 'Слишком короткое значение.', en: 'The value is too short.' },
  field_too_long: { ru: 'Слишком длинное значение.', en: 'The value is too long.' },
  field_too_small: { ru: 'Слишком маленькое значение.', en: 'The value is too small.' },
  field_too_large: { ru: 'Слишком большое значение.', en: 'The value is too large.' },
  field_format: { ru: 'Неверный формат.', en: 'Wrong format.' },
  field_tax_id: { ru: 'Неверный ИНН: 10 цифр для организации, 12 для ИП, с верными контрольными цифрами.', en: 'Not a valid INN: 10 digits for a company, 12 for a sole trader, with correct check digits.' },
  field_choice: { ru: 'Недопустимое значение.', en: 'This value is not allowed.' },
  field_decimal: { ru: 'Введите число.', en: 'Enter a number.' },
  field_decimal_places: { ru: 'Не более {places} знаков после запятой.', en: 'No more than {places} decimal places.' },
  field_decimal_digits: { ru: 'Не более {digits} цифр в числе.', en: 'No more than {digits} digits in total.' },
  field_ordering: { ru: 'Сортировка по этому полю невозможна.', en: 'Cannot order by this field.' },
  quantity_number: { ru: 'Введите количество целым числом.', en: 'Enter the quantity as a whole number.' },
  quantity_whole: { ru: 'Количество — целое число, без дробной части.', en: 'The quantity is a whole number, without a fraction.' },
  quantity_positive: { ru: 'Количество должно быть больше нуля.', en: 'The quantity must be more than zero.' },
  quantity_negative: { ru: 'Количество не может быть отрицательным.', en: 'The quantity cannot be negative.' },
  quantity_too_large: { ru: 'Не больше {max}.', en: 'At most {max}.' },
} satisfies Record<string, Record<Language, string>>;

export type MessageCode = keyof typeof messages;

/** A placeholder's value: the same in both languages, or written for each (money: «1 000,00», «1,000.00»). */
export type MessageValue = string | Record<Language, string>;

export function message(code: MessageCode, language: Language, values?: Record<string, MessageValue>): string {
  const text: string = messages[code][language];
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    return typeof value === 'string' ? value : value[language];
  });
}

/** Russian unless the caller prefers English. */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  return askedLanguage(acceptLanguage) ?? 'ru';
}

/** The language Accept-Language asks for first, if it is one of ours; null when it names none. */
export function askedLanguage(acceptLanguage: string | string[] | undefined): Language | null {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('en')) return 'en';
  return first.startsWith('ru') ? 'ru' : null;
}
