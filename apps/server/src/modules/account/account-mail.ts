import type { Locale, VariantProfile } from '@piranha/domain';
import type { MailMessage } from '../../providers/mail/mail.ts';

/** What a code mail says, per locale: `{brand}`, `{code}` and `{minutes}` are filled in. */
interface MailTexts {
  codeSubject: string;
  codeBody: string;
  existsSubject: string;
  existsBody: string;
  noAccountSubject: string;
  noAccountBody: string;
  ignore: string;
}

const TEXTS: Readonly<Record<Locale, MailTexts>> = {
  'en-US': {
    codeSubject: '{brand}: your verification code',
    codeBody: 'Your verification code is {code}. It expires in {minutes} minutes and works once.',
    existsSubject: '{brand}: you already have an account',
    existsBody:
      'Someone asked to register or link this e-mail address, but it already belongs to an account. Log in with it, or reset your password if you forgot it.',
    noAccountSubject: '{brand}: no account with this e-mail',
    noAccountBody: 'Someone asked for a code to sign in with this e-mail address, but no account uses it. You can register with it.',
    ignore: 'If this was not you, you can ignore this e-mail.',
  },
  'es-MX': {
    codeSubject: '{brand}: tu código de verificación',
    codeBody: 'Tu código de verificación es {code}. Vence en {minutes} minutos y sirve una sola vez.',
    existsSubject: '{brand}: ya tienes una cuenta',
    existsBody:
      'Alguien pidió registrar o vincular este correo, pero ya pertenece a una cuenta. Inicia sesión con él o restablece tu contraseña si la olvidaste.',
    noAccountSubject: '{brand}: no hay una cuenta con este correo',
    noAccountBody: 'Alguien pidió un código para entrar con este correo, pero ninguna cuenta lo usa. Puedes registrarte con él.',
    ignore: 'Si no fuiste tú, ignora este correo.',
  },
  'pt-BR': {
    codeSubject: '{brand}: seu código de verificação',
    codeBody: 'Seu código de verificação é {code}. Ele expira em {minutes} minutos e vale uma única vez.',
    existsSubject: '{brand}: você já tem uma conta',
    existsBody: 'Alguém pediu para cadastrar ou vincular este e-mail, mas ele já pertence a uma conta. Entre com ele ou redefina sua senha se a esqueceu.',
    noAccountSubject: '{brand}: nenhuma conta com este e-mail',
    noAccountBody: 'Alguém pediu um código para entrar com este e-mail, mas nenhuma conta o usa. Você pode se cadastrar com ele.',
    ignore: 'Se não foi você, ignore este e-mail.',
  },
  'ru-RU': {
    codeSubject: '{brand}: ваш код подтверждения',
    codeBody: 'Ваш код подтверждения: {code}. Он действует {minutes} минут и только один раз.',
    existsSubject: '{brand}: у вас уже есть аккаунт',
    existsBody:
      'Кто-то попросил зарегистрировать или привязать этот e-mail, но он уже принадлежит аккаунту. Войдите с ним или сбросьте пароль, если забыли его.',
    noAccountSubject: '{brand}: нет аккаунта с этим e-mail',
    noAccountBody: 'Кто-то запросил код для входа с этим e-mail, но ни один аккаунт его не использует. Вы можете зарегистрироваться с ним.',
    ignore: 'Если это были не вы, просто проигнорируйте это письмо.',
  },
  'vm-VI': {
    codeSubject: '{brand}: mã xác minh của bạn',
    codeBody: 'Mã xác minh của bạn là {code}. Mã hết hạn sau {minutes} phút và chỉ dùng được một lần.',
    existsSubject: '{brand}: bạn đã có tài khoản',
    existsBody:
      'Có người yêu cầu đăng ký hoặc liên kết địa chỉ e-mail này, nhưng nó đã thuộc về một tài khoản. Hãy đăng nhập bằng e-mail này hoặc đặt lại mật khẩu nếu bạn quên.',
    noAccountSubject: '{brand}: không có tài khoản nào dùng e-mail này',
    noAccountBody: 'Có người yêu cầu mã đăng nhập bằng địa chỉ e-mail này, nhưng không có tài khoản nào dùng nó. Bạn có thể đăng ký bằng e-mail này.',
    ignore: 'Nếu không phải bạn, hãy bỏ qua e-mail này.',
  },
  'vm-TH': {
    codeSubject: '{brand}: รหัสยืนยันของคุณ',
    codeBody: 'รหัสยืนยันของคุณคือ {code} รหัสจะหมดอายุใน {minutes} นาทีและใช้ได้เพียงครั้งเดียว',
    existsSubject: '{brand}: คุณมีบัญชีอยู่แล้ว',
    existsBody: 'มีผู้ขอสมัครหรือเชื่อมโยงอีเมลนี้ แต่อีเมลนี้เป็นของบัญชีหนึ่งอยู่แล้ว กรุณาเข้าสู่ระบบด้วยอีเมลนี้ หรือรีเซ็ตรหัสผ่านหากคุณลืม',
    noAccountSubject: '{brand}: ไม่มีบัญชีที่ใช้อีเมลนี้',
    noAccountBody: 'มีผู้ขอรหัสเพื่อเข้าสู่ระบบด้วยอีเมลนี้ แต่ไม่มีบัญชีใดใช้อีเมลนี้ คุณสามารถสมัครด้วยอีเมลนี้ได้',
    ignore: 'หากไม่ใช่คุณ คุณสามารถละเว้นอีเมลนี้ได้',
  },
  'zh-CN': {
    codeSubject: '{brand}：您的验证码',
    codeBody: '您的验证码是 {code}，{minutes} 分钟内有效，仅可使用一次。',
    existsSubject: '{brand}：您已有账户',
    existsBody: '有人请求用此邮箱注册或绑定，但该邮箱已属于一个账户。请直接用它登录；如果忘记密码，可以重置密码。',
    noAccountSubject: '{brand}：没有使用此邮箱的账户',
    noAccountBody: '有人请求用此邮箱获取登录验证码，但没有任何账户使用该邮箱。您可以用它注册。',
    ignore: '如果不是您本人操作，请忽略此邮件。',
  },
  'ms-MY': {
    codeSubject: '{brand}: kod pengesahan anda',
    codeBody: 'Kod pengesahan anda ialah {code}. Kod ini tamat tempoh dalam {minutes} minit dan hanya boleh digunakan sekali.',
    existsSubject: '{brand}: anda sudah mempunyai akaun',
    existsBody:
      'Seseorang meminta untuk mendaftar atau memautkan alamat e-mel ini, tetapi ia sudah dimiliki oleh sebuah akaun. Log masuk dengannya, atau tetapkan semula kata laluan jika anda terlupa.',
    noAccountSubject: '{brand}: tiada akaun dengan e-mel ini',
    noAccountBody: 'Seseorang meminta kod untuk log masuk dengan alamat e-mel ini, tetapi tiada akaun yang menggunakannya. Anda boleh mendaftar dengannya.',
    ignore: 'Jika ini bukan anda, abaikan e-mel ini.',
  },
};

/** What a code request answers by mail: the code, or (so the reply never tells who has an account) a notice instead. */
export type CodeMailKind = 'code' | 'account_exists' | 'no_account';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function codeMailCompose(input: {
  kind: CodeMailKind;
  variant: VariantProfile;
  locale: Locale;
  to: string;
  code: string;
  ttlMinutes: number;
}): MailMessage {
  const texts = TEXTS[input.locale];
  const values = { brand: input.variant.name, code: input.code, minutes: String(input.ttlMinutes) };
  const [subject, body] =
    input.kind === 'code'
      ? [texts.codeSubject, texts.codeBody]
      : input.kind === 'account_exists'
        ? [texts.existsSubject, texts.existsBody]
        : [texts.noAccountSubject, texts.noAccountBody];
  const lines = [fill(body, values), texts.ignore];
  const codeBlock = input.kind === 'code' ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(input.code)}</p>` : '';
  return {
    appKey: input.variant.appKey,
    fromName: input.variant.name,
    fromAddressDefault: `no-reply@${input.variant.officialDomain}`,
    to: input.to,
    subject: fill(subject, values),
    text: lines.join('\n\n'),
    html: `<div lang="${input.locale}">${codeBlock}${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>`,
  };
}
