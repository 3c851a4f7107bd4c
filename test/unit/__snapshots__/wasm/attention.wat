(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 f32) (param $5 i32) (param $6 i32) (param $7 i32)
  (local $8 i32) (local $9 i32) (local $10 i32) (local $11 i32) (local $12 f32) (local $13 f32) (local $14 f32) (local $15 f32) (local $16 f32) (local $17 f32) (local $18 i32) (local $19 v128) (local $20 v128) (local $21 v128) (local $22 v128) (local $23 v128) (local $24 v128) (local $25 v128) (local $26 v128) (local $27 i32) (local $28 i32) (local $29 i32) (local $30 i32) (local $31 i32) (local $32 i32) (local $33 i32) (local $34 i32) (local $35 i32) (local $36 i32) (local $37 v128) (local $38 v128) (local $39 v128) (local $40 v128) (local $41 v128) (local $42 v128) (local $43 f32) (local $44 v128) (local $45 v128) (local $46 v128) (local $47 v128) (local $48 v128) (local $49 v128) (local $50 v128) (local $51 v128) (local $52 v128) (local $53 v128) (local $54 v128) (local $55 v128) (local $56 v128) (local $57 v128) (local $58 v128) (local $59 v128) (local $60 v128) (local $61 v128) (local $62 v128) (local $63 v128) (local $64 v128) (local $65 v128) (local $66 v128) (local $67 v128) (local $68 v128) (local $69 v128) (local $70 v128) (local $71 v128) (local $72 v128) (local $73 v128) (local $74 v128) (local $75 v128) (local $76 v128) (local $77 v128) (local $78 f32) (local $79 f32) (local $80 f32) (local $81 i32) (local $82 i32) (local $83 f32) (local $84 f32) (local $85 f32) (local $86 f32) (local $87 f32) (local $88 i32) (local $89 i32) (local $90 f32) (local $91 f32) (local $92 v128) (local $93 f32) (local $94 v128) (local $95 i32) (local $96 i32) (local $97 f32) (local $98 v128) (local $99 i32) (local $100 f32) (local $101 f32) (local $102 i32) (local $103 f32) (local $104 f32) (local $105 i32) (local $106 i32) (local $107 i32) (local $108 i32) (local $109 i32) (local $110 i32) (local $111 i32) (local $112 i32) (local $113 i32) (local $114 i32) (local $115 i32) (local $116 i32) (local $117 i32) (local $118 i32) (local $119 i32) (local $120 i32) (local $121 i32) (local $122 i32) (local $123 v128) (local $124 v128) (local $125 v128) (local $126 v128) (local $127 v128) (local $128 v128) (local $129 v128) (local $130 v128) (local $131 v128) (local $132 v128) (local $133 v128) (local $134 v128) (local $135 v128) (local $136 v128) (local $137 v128) (local $138 v128) (local $139 v128) (local $140 v128) (local $141 v128) (local $142 v128) (local $143 v128) (local $144 v128) (local $145 v128) (local $146 v128) (local $147 v128) (local $148 f32) (local $149 i32) (local $150 i32) (local $151 f32) (local $152 v128) (local $153 v128) (local $154 v128) (local $155 v128) (local $156 f32) (local $157 v128) (local $158 v128) (local $159 v128) (local $160 v128) (local $161 v128) (local $162 v128) (local $163 v128) (local $164 f32) (local $165 v128) (local $166 v128) (local $167 v128) (local $168 v128) (local $169 v128) (local $170 v128) (local $171 v128) (local $172 i32) (local $173 f32) (local $174 i32) (local $175 i32) (local $176 f32) (local $177 f32) (local $178 f32) (local $179 f32) (local $180 f32) (local $181 i32) (local $182 i32) (local $183 f32) (local $184 f32) (local $185 v128) (local $186 f32) (local $187 v128) (local $188 i32) (local $189 i32) (local $190 f32) (local $191 v128) (local $192 i32) (local $193 f32) (local $194 i32) (local $195 i32) (local $196 f32) (local $197 f32) (local $198 f32) (local $199 f32) (local $200 f32) (local $201 i32) (local $202 i32) (local $203 f32) (local $204 f32) (local $205 v128) (local $206 f32) (local $207 v128) (local $208 i32) (local $209 i32) (local $210 f32) (local $211 v128) (local $212 i32) (local $213 f32) (local $214 f32) (local $215 i32) (local $216 i32) (local $217 i32) (local $218 i32) (local $219 i32) (local $220 i32) (local $221 i32) (local $222 i32) (local $223 i32) (local $224 i32) (local $225 i32) (local $226 i32) (local $227 i32) (local $228 i32) (local $229 i32) (local $230 v128) (local $231 v128) (local $232 v128) (local $233 v128) (local $234 v128) (local $235 v128) (local $236 v128) (local $237 v128) (local $238 v128) (local $239 v128) (local $240 v128) (local $241 v128) (local $242 v128) (local $243 f32) (local $244 i32) (local $245 i32) (local $246 f32) (local $247 v128) (local $248 v128) (local $249 f32) (local $250 v128) (local $251 v128) (local $252 v128) (local $253 v128) (local $254 v128) (local $255 v128) (local $256 v128) (local $257 i32) (local $258 f32) (local $259 i32) (local $260 i32) (local $261 f32) (local $262 f32) (local $263 f32) (local $264 f32) (local $265 f32) (local $266 i32) (local $267 i32) (local $268 f32) (local $269 f32) (local $270 v128) (local $271 f32) (local $272 v128) (local $273 i32) (local $274 i32) (local $275 f32) (local $276 v128) (local $277 i32)
  local.get 6
  local.set 8
  block
    loop
      local.get 8
      i32.const 7
      i32.add
      local.get 7
      i32.ge_s
      br_if 1
      local.get 5
      v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
      v128.store offset=800
      local.get 5
      v128.const f32x4 0 0 0 0
      v128.store offset=832
      local.get 5
      v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
      v128.store offset=816
      local.get 5
      v128.const f32x4 0 0 0 0
      v128.store offset=848
      i32.const 0
      local.set 33
      block
        loop
          local.get 33
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 8
          local.get 33
          i32.add
          local.set 18
          local.get 18
          i32.const 8
          i32.mul
          local.set 36
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 36
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.const f32x4 0 0 0 0
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 36
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.const f32x4 0 0 0 0
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 36
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.const f32x4 0 0 0 0
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 18
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.const 0
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 33
          i32.const 1
          i32.add
          local.set 33
          br 0
        end
      end
      local.get 8
      i32.const 0
      i32.add
      local.set 18
      local.get 1
      local.get 18
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 27
      local.get 5
      i32.const 0
      i32.add
      local.set 28
      i32.const 0
      local.set 29
      block
        loop
          local.get 29
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 27
          v128.load
          local.set 37
          local.get 27
          v128.load offset=32
          local.set 38
          local.get 27
          v128.load offset=64
          local.set 39
          local.get 27
          v128.load offset=96
          local.set 40
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=32
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=64
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=96
          local.get 27
          v128.load offset=128
          local.set 37
          local.get 27
          v128.load offset=160
          local.set 38
          local.get 27
          v128.load offset=192
          local.set 39
          local.get 27
          v128.load offset=224
          local.set 40
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=16
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=48
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=80
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=112
          local.get 27
          i32.const 16
          i32.add
          local.set 27
          local.get 28
          i32.const 128
          i32.add
          local.set 28
          local.get 29
          i32.const 4
          i32.add
          local.set 29
          br 0
        end
      end
      local.get 29
      local.set 29
      block
        loop
          local.get 29
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 28
          local.get 27
          f32.load
          f32.store
          local.get 28
          local.get 27
          f32.load offset=32
          f32.store offset=4
          local.get 28
          local.get 27
          f32.load offset=64
          f32.store offset=8
          local.get 28
          local.get 27
          f32.load offset=96
          f32.store offset=12
          local.get 28
          local.get 27
          f32.load offset=128
          f32.store offset=16
          local.get 28
          local.get 27
          f32.load offset=160
          f32.store offset=20
          local.get 28
          local.get 27
          f32.load offset=192
          f32.store offset=24
          local.get 28
          local.get 27
          f32.load offset=224
          f32.store offset=28
          local.get 27
          i32.const 4
          i32.add
          local.set 27
          local.get 28
          i32.const 32
          i32.add
          local.set 28
          local.get 29
          i32.const 1
          i32.add
          local.set 29
          br 0
        end
      end
      local.get 8
      i32.const 0
      i32.add
      local.set 18
      local.get 0
      local.get 18
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 31
      i32.const 0
      local.set 32
      block
        loop
          local.get 32
          i32.const 15
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 32
          local.set 10
          local.get 2
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 35
          local.get 3
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 30
          local.get 5
          i32.const 0
          i32.add
          local.get 35
          local.get 5
          i32.const 256
          i32.add
          call $flashScores
          v128.const i32x4 0 0 0 0
          local.set 24
          local.get 8
          i32.const 0
          i32.add
          local.set 18
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          local.set 22
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 32
              i32.mul
              i32.add
              local.set 34
              local.get 34
              local.get 34
              v128.load offset=256
              local.set 26
              local.get 26
              local.get 4
              f32x4.splat
              f32x4.mul
              local.tee 25
              v128.store offset=256
              local.get 25
              local.get 22
              f32x4.pmax
              local.set 22
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 5
          v128.load offset=800
          local.set 19
          local.get 19
          local.set 44
          local.get 22
          local.tee 45
          local.get 44
          local.get 45
          f32x4.pmax
          local.get 45
          local.get 45
          f32x4.ne
          v128.bitselect
          local.set 20
          v128.const f32x4 1 1 1 1
          local.set 46
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 19
          local.get 20
          f32x4.sub
          local.tee 47
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 48
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 49
          local.get 49
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 50
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 50
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 51
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 51
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 51
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 51
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 51
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 50
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 52
          i32.const 1
          i32x4.shr_s
          local.tee 53
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 52
          local.get 53
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 46
          local.get 19
          local.get 20
          f32x4.ne
          v128.bitselect
          local.set 21
          v128.const f32x4 0 0 0 0
          local.set 23
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 32
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=256
              local.set 25
              local.get 34
              v128.const f32x4 0 0 0 0
              v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
              local.get 25
              local.get 20
              f32x4.sub
              local.tee 54
              v128.const f32x4 -104 -104 -104 -104
              f32x4.pmax
              local.tee 55
              v128.const f32x4 89 89 89 89
              f32x4.pmin
              local.tee 56
              local.get 56
              v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
              f32x4.mul
              f32x4.nearest
              local.tee 57
              v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
              f32x4.mul
              f32x4.sub
              local.get 57
              v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
              f32x4.mul
              f32x4.sub
              local.tee 58
              f32x4.mul
              v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
              f32x4.add
              local.get 58
              f32x4.mul
              v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
              f32x4.add
              local.get 58
              f32x4.mul
              v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
              f32x4.add
              local.get 58
              f32x4.mul
              v128.const f32x4 1 1 1 1
              f32x4.add
              local.get 58
              f32x4.mul
              v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
              f32x4.add
              local.get 57
              v128.const f32x4 12582912 12582912 12582912 12582912
              f32x4.add
              v128.const i32x4 1262485504 1262485504 1262485504 1262485504
              i32x4.sub
              local.tee 59
              i32.const 1
              i32x4.shr_s
              local.tee 60
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 59
              local.get 60
              i32x4.sub
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 25
              v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
              f32x4.eq
              v128.bitselect
              local.tee 25
              v128.store offset=256
              local.get 23
              local.get 25
              f32x4.add
              local.set 23
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 24
          local.get 23
          v128.or
          local.set 24
          local.get 5
          local.get 5
          v128.load offset=832
          local.get 21
          f32x4.mul
          local.get 23
          f32x4.add
          v128.store offset=832
          local.get 5
          local.get 20
          v128.store offset=800
          local.get 5
          local.get 21
          v128.store offset=768
          local.get 8
          i32.const 4
          i32.add
          local.set 18
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          local.set 22
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 32
              i32.mul
              i32.add
              local.set 34
              local.get 34
              local.get 34
              v128.load offset=272
              local.set 26
              local.get 26
              local.get 4
              f32x4.splat
              f32x4.mul
              local.tee 25
              v128.store offset=272
              local.get 25
              local.get 22
              f32x4.pmax
              local.set 22
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 5
          v128.load offset=816
          local.set 19
          local.get 19
          local.set 61
          local.get 22
          local.tee 62
          local.get 61
          local.get 62
          f32x4.pmax
          local.get 62
          local.get 62
          f32x4.ne
          v128.bitselect
          local.set 20
          v128.const f32x4 1 1 1 1
          local.set 63
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 19
          local.get 20
          f32x4.sub
          local.tee 64
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 65
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 66
          local.get 66
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 67
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 67
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 68
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 68
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 68
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 68
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 68
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 67
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 69
          i32.const 1
          i32x4.shr_s
          local.tee 70
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 69
          local.get 70
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 63
          local.get 19
          local.get 20
          f32x4.ne
          v128.bitselect
          local.set 21
          v128.const f32x4 0 0 0 0
          local.set 23
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 32
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=272
              local.set 25
              local.get 34
              v128.const f32x4 0 0 0 0
              v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
              local.get 25
              local.get 20
              f32x4.sub
              local.tee 71
              v128.const f32x4 -104 -104 -104 -104
              f32x4.pmax
              local.tee 72
              v128.const f32x4 89 89 89 89
              f32x4.pmin
              local.tee 73
              local.get 73
              v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
              f32x4.mul
              f32x4.nearest
              local.tee 74
              v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
              f32x4.mul
              f32x4.sub
              local.get 74
              v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
              f32x4.mul
              f32x4.sub
              local.tee 75
              f32x4.mul
              v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
              f32x4.add
              local.get 75
              f32x4.mul
              v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
              f32x4.add
              local.get 75
              f32x4.mul
              v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
              f32x4.add
              local.get 75
              f32x4.mul
              v128.const f32x4 1 1 1 1
              f32x4.add
              local.get 75
              f32x4.mul
              v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
              f32x4.add
              local.get 74
              v128.const f32x4 12582912 12582912 12582912 12582912
              f32x4.add
              v128.const i32x4 1262485504 1262485504 1262485504 1262485504
              i32x4.sub
              local.tee 76
              i32.const 1
              i32x4.shr_s
              local.tee 77
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 76
              local.get 77
              i32x4.sub
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 25
              v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
              f32x4.eq
              v128.bitselect
              local.tee 25
              v128.store offset=272
              local.get 23
              local.get 25
              f32x4.add
              local.set 23
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 24
          local.get 23
          v128.or
          local.set 24
          local.get 5
          local.get 5
          v128.load offset=848
          local.get 21
          f32x4.mul
          local.get 23
          f32x4.add
          v128.store offset=848
          local.get 5
          local.get 20
          v128.store offset=816
          local.get 5
          local.get 21
          v128.store offset=784
          local.get 24
          v128.any_true
          if
            local.get 31
            local.get 30
            local.get 5
            i32.const 256
            i32.add
            local.get 5
            i32.const 768
            i32.add
            call $flashValues
          end
          local.get 32
          i32.const 16
          i32.add
          local.set 32
          br 0
        end
      end
      i32.const 0
      local.set 33
      block
        loop
          local.get 33
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 5
          local.get 33
          i32.const 4
          i32.mul
          i32.add
          local.set 34
          local.get 34
          f32.load offset=800
          local.set 78
          local.get 34
          f32.load offset=832
          local.set 79
          local.get 8
          local.get 33
          i32.add
          local.set 18
          local.get 32
          local.set 10
          block
            loop
              local.get 10
              i32.const 9
              i32.ge_s
              br_if 1
              local.get 78
              local.set 13
              f32.const 0
              local.set 80
              local.get 18
              i32.const 8
              i32.mul
              local.set 81
              local.get 10
              i32.const 8
              i32.mul
              local.set 82
              i32.const 0
              local.set 11
              block
                loop
                  local.get 11
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 80
                  local.get 1
                  local.get 18
                  i32.const 8
                  i32.mul
                  local.get 11
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  local.get 2
                  local.get 10
                  i32.const 8
                  i32.mul
                  local.get 11
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  f32.mul
                  f32.add
                  local.set 80
                  local.get 11
                  i32.const 1
                  i32.add
                  local.set 11
                  br 0
                end
              end
              local.get 80
              local.get 4
              f32.mul
              local.set 12
              local.get 13
              local.get 12
              f32.max
              local.set 14
              f32.const 0
              f32.const 0.008369148708879948
              f32.const 89
              f32.const -104
              local.get 12
              local.get 14
              f32.sub
              local.tee 83
              local.get 83
              f32.const -104
              f32.lt
              select
              local.tee 84
              f32.const 89
              local.get 84
              f32.lt
              select
              local.tee 85
              local.get 85
              f32.const 1.4426950408889634
              f32.mul
              f32.nearest
              local.tee 86
              f32.const 0.693359375
              f32.mul
              f32.sub
              local.get 86
              f32.const -0.00021219444
              f32.mul
              f32.sub
              local.tee 87
              f32.mul
              f32.const 0.041917506605386734
              f32.add
              local.get 87
              f32.mul
              f32.const 0.16666504740715027
              f32.add
              local.get 87
              f32.mul
              f32.const 0.49998870491981506
              f32.add
              local.get 87
              f32.mul
              f32.const 1
              f32.add
              local.get 87
              f32.mul
              f32.const 1.0000001192092896
              f32.add
              local.get 86
              f32.const 12582912
              f32.add
              i32.reinterpret_f32
              i32.const 1262485504
              i32.sub
              local.tee 88
              i32.const 1
              i32.shr_s
              local.tee 89
              i32.const 127
              i32.add
              i32.const 23
              i32.shl
              f32.reinterpret_i32
              f32.mul
              local.get 88
              local.get 89
              i32.sub
              i32.const 127
              i32.add
              i32.const 23
              i32.shl
              f32.reinterpret_i32
              f32.mul
              local.get 12
              f32.const -Infinity
              f32.eq
              select
              local.set 15
              f32.const 1
              local.set 90
              local.get 13
              local.get 14
              f32.ne
              if (result f32)
                local.get 13
                local.get 14
                call $rare0
              else
                local.get 90
              end
              local.set 16
              local.get 79
              local.get 16
              f32.mul
              local.get 15
              f32.add
              local.set 79
              local.get 14
              local.set 78
              local.get 16
              local.set 91
              local.get 91
              f32x4.splat
              local.set 92
              local.get 15
              local.set 93
              local.get 93
              f32x4.splat
              local.set 94
              local.get 10
              i32.const 8
              i32.mul
              local.set 95
              local.get 18
              i32.const 8
              i32.mul
              local.set 96
              i32.const 0
              local.set 9
              block
                loop
                  local.get 9
                  i32.const 7
                  i32.add
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 0
                  local.get 96
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 96
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  local.get 92
                  f32x4.mul
                  local.get 94
                  local.get 3
                  local.get 95
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  f32x4.mul
                  f32x4.add
                  v128.store
                  local.get 9
                  i32.const 4
                  i32.add
                  local.set 9
                  local.get 0
                  local.get 96
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 96
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  local.get 92
                  f32x4.mul
                  local.get 94
                  local.get 3
                  local.get 95
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  f32x4.mul
                  f32x4.add
                  v128.store
                  local.get 9
                  i32.const 4
                  i32.sub
                  local.set 9
                  local.get 9
                  i32.const 8
                  i32.add
                  local.set 9
                  br 0
                end
              end
              local.get 9
              local.set 9
              block
                loop
                  local.get 9
                  i32.const 3
                  i32.add
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 0
                  local.get 96
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 96
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  local.get 92
                  f32x4.mul
                  local.get 94
                  local.get 3
                  local.get 95
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  f32x4.mul
                  f32x4.add
                  v128.store
                  local.get 9
                  i32.const 4
                  i32.add
                  local.set 9
                  br 0
                end
              end
              local.get 9
              local.set 9
              block
                loop
                  local.get 9
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 0
                  local.get 18
                  i32.const 8
                  i32.mul
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 18
                  i32.const 8
                  i32.mul
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  local.get 91
                  f32.mul
                  local.get 93
                  local.get 3
                  local.get 10
                  i32.const 8
                  i32.mul
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  f32.mul
                  f32.add
                  f32.store
                  local.get 9
                  i32.const 1
                  i32.add
                  local.set 9
                  br 0
                end
              end
              local.get 10
              i32.const 1
              i32.add
              local.set 10
              br 0
            end
          end
          f32.const 1
          local.get 79
          f32.div
          local.set 17
          local.get 17
          local.set 97
          local.get 97
          f32x4.splat
          local.set 98
          local.get 18
          i32.const 8
          i32.mul
          local.set 99
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 99
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 99
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 98
              f32x4.mul
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 99
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 99
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 98
              f32x4.mul
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 99
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 99
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 98
              f32x4.mul
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 18
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 18
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 97
              f32.mul
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 33
          i32.const 1
          i32.add
          local.set 33
          br 0
        end
      end
      local.get 8
      i32.const 8
      i32.add
      local.set 8
      br 0
    end
  end
  local.get 8
  local.set 8
  block
    loop
      local.get 8
      i32.const 1
      i32.add
      local.get 7
      i32.ge_s
      br_if 1
      local.get 8
      i32.const 8
      i32.mul
      local.set 105
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 105
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 105
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 105
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const -Infinity
      local.set 100
      f32.const 0
      local.set 101
      local.get 8
      i32.const 1
      i32.add
      local.set 102
      local.get 102
      i32.const 8
      i32.mul
      local.set 106
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 106
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 106
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 106
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 102
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const -Infinity
      local.set 103
      f32.const 0
      local.set 104
      local.get 1
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 107
      local.get 1
      local.get 102
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 108
      local.get 0
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 109
      local.get 0
      local.get 102
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 110
      i32.const 0
      local.set 10
      block
        loop
          local.get 10
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 115
          local.get 3
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 119
          local.get 115
          i32.const 32
          i32.add
          local.set 116
          local.get 119
          i32.const 32
          i32.add
          local.set 120
          local.get 115
          i32.const 64
          i32.add
          local.set 117
          local.get 119
          i32.const 64
          i32.add
          local.set 121
          local.get 115
          i32.const 96
          i32.add
          local.set 118
          local.get 119
          i32.const 96
          i32.add
          local.set 122
          v128.const f32x4 0 0 0 0
          local.set 123
          v128.const f32x4 0 0 0 0
          local.set 124
          v128.const f32x4 0 0 0 0
          local.set 125
          v128.const f32x4 0 0 0 0
          local.set 126
          v128.const f32x4 0 0 0 0
          local.set 127
          v128.const f32x4 0 0 0 0
          local.set 128
          v128.const f32x4 0 0 0 0
          local.set 129
          v128.const f32x4 0 0 0 0
          local.set 130
          i32.const 0
          local.set 149
          block
            loop
              local.get 149
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 107
              local.get 149
              i32.add
              v128.load
              local.set 131
              local.get 108
              local.get 149
              i32.add
              v128.load
              local.set 132
              local.get 115
              local.get 149
              i32.add
              v128.load
              local.set 133
              local.get 123
              local.get 131
              local.get 133
              f32x4.mul
              f32x4.add
              local.set 123
              local.get 127
              local.get 132
              local.get 133
              f32x4.mul
              f32x4.add
              local.set 127
              local.get 116
              local.get 149
              i32.add
              v128.load
              local.set 133
              local.get 124
              local.get 131
              local.get 133
              f32x4.mul
              f32x4.add
              local.set 124
              local.get 128
              local.get 132
              local.get 133
              f32x4.mul
              f32x4.add
              local.set 128
              local.get 117
              local.get 149
              i32.add
              v128.load
              local.set 133
              local.get 125
              local.get 131
              local.get 133
              f32x4.mul
              f32x4.add
              local.set 125
              local.get 129
              local.get 132
              local.get 133
              f32x4.mul
              f32x4.add
              local.set 129
              local.get 118
              local.get 149
              i32.add
              v128.load
              local.set 133
              local.get 126
              local.get 131
              local.get 133
              f32x4.mul
              f32x4.add
              local.set 126
              local.get 130
              local.get 132
              local.get 133
              f32x4.mul
              f32x4.add
              local.set 130
              local.get 149
              i32.const 16
              i32.add
              local.set 149
              br 0
            end
          end
          local.get 123
          local.get 124
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 123
          local.get 124
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 152
          local.get 125
          local.get 126
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 125
          local.get 126
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 153
          local.get 152
          local.get 153
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 152
          local.get 153
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 134
          local.get 127
          local.get 128
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 127
          local.get 128
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 154
          local.get 129
          local.get 130
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 129
          local.get 130
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 155
          local.get 154
          local.get 155
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 154
          local.get 155
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 135
          local.get 134
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 134
          local.get 134
          f32x4.extract_lane 0
          local.get 134
          f32x4.extract_lane 1
          f32.max
          local.get 134
          f32x4.extract_lane 2
          local.get 134
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 148
          local.get 100
          local.set 13
          local.get 13
          local.get 148
          f32.max
          local.set 14
          f32.const 1
          local.set 156
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 156
          end
          local.set 16
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 134
          local.get 14
          f32x4.splat
          f32x4.sub
          local.tee 157
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 158
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 159
          local.get 159
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 160
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 160
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 161
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 161
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 161
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 161
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 161
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 160
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 162
          i32.const 1
          i32x4.shr_s
          local.tee 163
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 162
          local.get 163
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 134
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 136
          local.get 136
          f32x4.extract_lane 0
          local.get 136
          f32x4.extract_lane 1
          f32.add
          local.get 136
          f32x4.extract_lane 2
          f32.add
          local.get 136
          f32x4.extract_lane 3
          f32.add
          local.set 151
          local.get 101
          local.get 16
          f32.mul
          local.get 151
          f32.add
          local.set 101
          local.get 14
          local.set 100
          local.get 16
          f32x4.splat
          local.set 138
          local.get 136
          f32x4.extract_lane 0
          f32x4.splat
          local.set 140
          local.get 136
          f32x4.extract_lane 1
          f32x4.splat
          local.set 141
          local.get 136
          f32x4.extract_lane 2
          f32x4.splat
          local.set 142
          local.get 136
          f32x4.extract_lane 3
          f32x4.splat
          local.set 143
          local.get 135
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 135
          local.get 135
          f32x4.extract_lane 0
          local.get 135
          f32x4.extract_lane 1
          f32.max
          local.get 135
          f32x4.extract_lane 2
          local.get 135
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 148
          local.get 103
          local.set 13
          local.get 13
          local.get 148
          f32.max
          local.set 14
          f32.const 1
          local.set 164
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 164
          end
          local.set 16
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 135
          local.get 14
          f32x4.splat
          f32x4.sub
          local.tee 165
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 166
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 167
          local.get 167
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 168
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 168
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 169
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 169
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 169
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 169
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 169
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 168
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 170
          i32.const 1
          i32x4.shr_s
          local.tee 171
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 170
          local.get 171
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 135
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 137
          local.get 137
          f32x4.extract_lane 0
          local.get 137
          f32x4.extract_lane 1
          f32.add
          local.get 137
          f32x4.extract_lane 2
          f32.add
          local.get 137
          f32x4.extract_lane 3
          f32.add
          local.set 151
          local.get 104
          local.get 16
          f32.mul
          local.get 151
          f32.add
          local.set 104
          local.get 14
          local.set 103
          local.get 16
          f32x4.splat
          local.set 139
          local.get 137
          f32x4.extract_lane 0
          f32x4.splat
          local.set 144
          local.get 137
          f32x4.extract_lane 1
          f32x4.splat
          local.set 145
          local.get 137
          f32x4.extract_lane 2
          f32x4.splat
          local.set 146
          local.get 137
          f32x4.extract_lane 3
          f32x4.splat
          local.set 147
          local.get 136
          v128.any_true
          local.get 137
          v128.any_true
          i32.or
          if
            i32.const 0
            local.set 150
            block
              loop
                local.get 150
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 109
                local.get 150
                i32.add
                v128.load
                local.get 138
                f32x4.mul
                local.set 131
                local.get 110
                local.get 150
                i32.add
                v128.load
                local.get 139
                f32x4.mul
                local.set 132
                local.get 119
                local.get 150
                i32.add
                v128.load
                local.set 133
                local.get 131
                local.get 140
                local.get 133
                f32x4.mul
                f32x4.add
                local.set 131
                local.get 132
                local.get 144
                local.get 133
                f32x4.mul
                f32x4.add
                local.set 132
                local.get 120
                local.get 150
                i32.add
                v128.load
                local.set 133
                local.get 131
                local.get 141
                local.get 133
                f32x4.mul
                f32x4.add
                local.set 131
                local.get 132
                local.get 145
                local.get 133
                f32x4.mul
                f32x4.add
                local.set 132
                local.get 121
                local.get 150
                i32.add
                v128.load
                local.set 133
                local.get 131
                local.get 142
                local.get 133
                f32x4.mul
                f32x4.add
                local.set 131
                local.get 132
                local.get 146
                local.get 133
                f32x4.mul
                f32x4.add
                local.set 132
                local.get 122
                local.get 150
                i32.add
                v128.load
                local.set 133
                local.get 131
                local.get 143
                local.get 133
                f32x4.mul
                f32x4.add
                local.set 131
                local.get 132
                local.get 147
                local.get 133
                f32x4.mul
                f32x4.add
                local.set 132
                local.get 109
                local.get 150
                i32.add
                local.get 131
                v128.store
                local.get 110
                local.get 150
                i32.add
                local.get 132
                v128.store
                local.get 150
                i32.const 16
                i32.add
                local.set 150
                br 0
              end
            end
          end
          local.get 10
          i32.const 4
          i32.add
          local.set 10
          br 0
        end
      end
      local.get 10
      local.set 172
      local.get 172
      local.set 10
      block
        loop
          local.get 10
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 100
          local.set 13
          f32.const 0
          local.set 173
          local.get 8
          i32.const 8
          i32.mul
          local.set 174
          local.get 10
          i32.const 8
          i32.mul
          local.set 175
          i32.const 0
          local.set 11
          block
            loop
              local.get 11
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 173
              local.get 1
              local.get 8
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 10
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 173
              local.get 11
              i32.const 1
              i32.add
              local.set 11
              br 0
            end
          end
          local.get 173
          local.get 4
          f32.mul
          local.set 12
          local.get 13
          local.get 12
          f32.max
          local.set 14
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 12
          local.get 14
          f32.sub
          local.tee 176
          local.get 176
          f32.const -104
          f32.lt
          select
          local.tee 177
          f32.const 89
          local.get 177
          f32.lt
          select
          local.tee 178
          local.get 178
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 179
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 179
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 180
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 180
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 180
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 180
          f32.mul
          f32.const 1
          f32.add
          local.get 180
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 179
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 181
          i32.const 1
          i32.shr_s
          local.tee 182
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 181
          local.get 182
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 12
          f32.const -Infinity
          f32.eq
          select
          local.set 15
          f32.const 1
          local.set 183
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 183
          end
          local.set 16
          local.get 101
          local.get 16
          f32.mul
          local.get 15
          f32.add
          local.set 101
          local.get 14
          local.set 100
          local.get 16
          local.set 184
          local.get 184
          f32x4.splat
          local.set 185
          local.get 15
          local.set 186
          local.get 186
          f32x4.splat
          local.set 187
          local.get 10
          i32.const 8
          i32.mul
          local.set 188
          local.get 8
          i32.const 8
          i32.mul
          local.set 189
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 189
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 189
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 185
              f32x4.mul
              local.get 187
              local.get 3
              local.get 188
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 189
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 189
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 185
              f32x4.mul
              local.get 187
              local.get 3
              local.get 188
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 189
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 189
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 185
              f32x4.mul
              local.get 187
              local.get 3
              local.get 188
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 184
              f32.mul
              local.get 186
              local.get 3
              local.get 10
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 10
          i32.const 1
          i32.add
          local.set 10
          br 0
        end
      end
      f32.const 1
      local.get 101
      f32.div
      local.set 17
      local.get 17
      local.set 190
      local.get 190
      f32x4.splat
      local.set 191
      local.get 8
      i32.const 8
      i32.mul
      local.set 192
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 192
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 192
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 191
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 192
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 192
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 191
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 192
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 192
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 191
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 190
          f32.mul
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 172
      local.set 10
      block
        loop
          local.get 10
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 103
          local.set 13
          f32.const 0
          local.set 193
          local.get 102
          i32.const 8
          i32.mul
          local.set 194
          local.get 10
          i32.const 8
          i32.mul
          local.set 195
          i32.const 0
          local.set 11
          block
            loop
              local.get 11
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 193
              local.get 1
              local.get 102
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 10
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 193
              local.get 11
              i32.const 1
              i32.add
              local.set 11
              br 0
            end
          end
          local.get 193
          local.get 4
          f32.mul
          local.set 12
          local.get 13
          local.get 12
          f32.max
          local.set 14
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 12
          local.get 14
          f32.sub
          local.tee 196
          local.get 196
          f32.const -104
          f32.lt
          select
          local.tee 197
          f32.const 89
          local.get 197
          f32.lt
          select
          local.tee 198
          local.get 198
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 199
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 199
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 200
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 200
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 200
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 200
          f32.mul
          f32.const 1
          f32.add
          local.get 200
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 199
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 201
          i32.const 1
          i32.shr_s
          local.tee 202
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 201
          local.get 202
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 12
          f32.const -Infinity
          f32.eq
          select
          local.set 15
          f32.const 1
          local.set 203
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 203
          end
          local.set 16
          local.get 104
          local.get 16
          f32.mul
          local.get 15
          f32.add
          local.set 104
          local.get 14
          local.set 103
          local.get 16
          local.set 204
          local.get 204
          f32x4.splat
          local.set 205
          local.get 15
          local.set 206
          local.get 206
          f32x4.splat
          local.set 207
          local.get 10
          i32.const 8
          i32.mul
          local.set 208
          local.get 102
          i32.const 8
          i32.mul
          local.set 209
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 209
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 209
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 205
              f32x4.mul
              local.get 207
              local.get 3
              local.get 208
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 209
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 209
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 205
              f32x4.mul
              local.get 207
              local.get 3
              local.get 208
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 209
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 209
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 205
              f32x4.mul
              local.get 207
              local.get 3
              local.get 208
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 102
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 102
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 204
              f32.mul
              local.get 206
              local.get 3
              local.get 10
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 10
          i32.const 1
          i32.add
          local.set 10
          br 0
        end
      end
      f32.const 1
      local.get 104
      f32.div
      local.set 17
      local.get 17
      local.set 210
      local.get 210
      f32x4.splat
      local.set 211
      local.get 102
      i32.const 8
      i32.mul
      local.set 212
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 212
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 212
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 211
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 212
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 212
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 211
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 212
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 212
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 211
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 102
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 102
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 210
          f32.mul
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 8
      i32.const 2
      i32.add
      local.set 8
      br 0
    end
  end
  local.get 8
  local.set 8
  block
    loop
      local.get 8
      local.get 7
      i32.ge_s
      br_if 1
      local.get 8
      i32.const 8
      i32.mul
      local.set 215
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 215
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 215
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 215
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const -Infinity
      local.set 213
      f32.const 0
      local.set 214
      local.get 1
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 216
      local.get 0
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 217
      i32.const 0
      local.set 10
      block
        loop
          local.get 10
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 222
          local.get 3
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 226
          local.get 222
          i32.const 32
          i32.add
          local.set 223
          local.get 226
          i32.const 32
          i32.add
          local.set 227
          local.get 222
          i32.const 64
          i32.add
          local.set 224
          local.get 226
          i32.const 64
          i32.add
          local.set 228
          local.get 222
          i32.const 96
          i32.add
          local.set 225
          local.get 226
          i32.const 96
          i32.add
          local.set 229
          v128.const f32x4 0 0 0 0
          local.set 230
          v128.const f32x4 0 0 0 0
          local.set 231
          v128.const f32x4 0 0 0 0
          local.set 232
          v128.const f32x4 0 0 0 0
          local.set 233
          i32.const 0
          local.set 244
          block
            loop
              local.get 244
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 216
              local.get 244
              i32.add
              v128.load
              local.set 234
              local.get 222
              local.get 244
              i32.add
              v128.load
              local.set 235
              local.get 230
              local.get 234
              local.get 235
              f32x4.mul
              f32x4.add
              local.set 230
              local.get 223
              local.get 244
              i32.add
              v128.load
              local.set 235
              local.get 231
              local.get 234
              local.get 235
              f32x4.mul
              f32x4.add
              local.set 231
              local.get 224
              local.get 244
              i32.add
              v128.load
              local.set 235
              local.get 232
              local.get 234
              local.get 235
              f32x4.mul
              f32x4.add
              local.set 232
              local.get 225
              local.get 244
              i32.add
              v128.load
              local.set 235
              local.get 233
              local.get 234
              local.get 235
              f32x4.mul
              f32x4.add
              local.set 233
              local.get 244
              i32.const 16
              i32.add
              local.set 244
              br 0
            end
          end
          local.get 230
          local.get 231
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 230
          local.get 231
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 247
          local.get 232
          local.get 233
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 232
          local.get 233
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 248
          local.get 247
          local.get 248
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 247
          local.get 248
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 236
          local.get 236
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 236
          local.get 236
          f32x4.extract_lane 0
          local.get 236
          f32x4.extract_lane 1
          f32.max
          local.get 236
          f32x4.extract_lane 2
          local.get 236
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 243
          local.get 213
          local.set 13
          local.get 13
          local.get 243
          f32.max
          local.set 14
          f32.const 1
          local.set 249
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 249
          end
          local.set 16
          v128.const f32x4 0 0 0 0
          v128.const f32x4 0.008369148708879948 0.008369148708879948 0.008369148708879948 0.008369148708879948
          local.get 236
          local.get 14
          f32x4.splat
          f32x4.sub
          local.tee 250
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 251
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 252
          local.get 252
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 253
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 253
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 254
          f32x4.mul
          v128.const f32x4 0.041917506605386734 0.041917506605386734 0.041917506605386734 0.041917506605386734
          f32x4.add
          local.get 254
          f32x4.mul
          v128.const f32x4 0.16666504740715027 0.16666504740715027 0.16666504740715027 0.16666504740715027
          f32x4.add
          local.get 254
          f32x4.mul
          v128.const f32x4 0.49998870491981506 0.49998870491981506 0.49998870491981506 0.49998870491981506
          f32x4.add
          local.get 254
          f32x4.mul
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 254
          f32x4.mul
          v128.const f32x4 1.0000001192092896 1.0000001192092896 1.0000001192092896 1.0000001192092896
          f32x4.add
          local.get 253
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 255
          i32.const 1
          i32x4.shr_s
          local.tee 256
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 255
          local.get 256
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 236
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 237
          local.get 237
          f32x4.extract_lane 0
          local.get 237
          f32x4.extract_lane 1
          f32.add
          local.get 237
          f32x4.extract_lane 2
          f32.add
          local.get 237
          f32x4.extract_lane 3
          f32.add
          local.set 246
          local.get 214
          local.get 16
          f32.mul
          local.get 246
          f32.add
          local.set 214
          local.get 14
          local.set 213
          local.get 16
          f32x4.splat
          local.set 238
          local.get 237
          f32x4.extract_lane 0
          f32x4.splat
          local.set 239
          local.get 237
          f32x4.extract_lane 1
          f32x4.splat
          local.set 240
          local.get 237
          f32x4.extract_lane 2
          f32x4.splat
          local.set 241
          local.get 237
          f32x4.extract_lane 3
          f32x4.splat
          local.set 242
          local.get 237
          v128.any_true
          if
            i32.const 0
            local.set 245
            block
              loop
                local.get 245
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 217
                local.get 245
                i32.add
                v128.load
                local.get 238
                f32x4.mul
                local.set 234
                local.get 226
                local.get 245
                i32.add
                v128.load
                local.set 235
                local.get 234
                local.get 239
                local.get 235
                f32x4.mul
                f32x4.add
                local.set 234
                local.get 227
                local.get 245
                i32.add
                v128.load
                local.set 235
                local.get 234
                local.get 240
                local.get 235
                f32x4.mul
                f32x4.add
                local.set 234
                local.get 228
                local.get 245
                i32.add
                v128.load
                local.set 235
                local.get 234
                local.get 241
                local.get 235
                f32x4.mul
                f32x4.add
                local.set 234
                local.get 229
                local.get 245
                i32.add
                v128.load
                local.set 235
                local.get 234
                local.get 242
                local.get 235
                f32x4.mul
                f32x4.add
                local.set 234
                local.get 217
                local.get 245
                i32.add
                local.get 234
                v128.store
                local.get 245
                i32.const 16
                i32.add
                local.set 245
                br 0
              end
            end
          end
          local.get 10
          i32.const 4
          i32.add
          local.set 10
          br 0
        end
      end
      local.get 10
      local.set 257
      local.get 257
      local.set 10
      block
        loop
          local.get 10
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 213
          local.set 13
          f32.const 0
          local.set 258
          local.get 8
          i32.const 8
          i32.mul
          local.set 259
          local.get 10
          i32.const 8
          i32.mul
          local.set 260
          i32.const 0
          local.set 11
          block
            loop
              local.get 11
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 258
              local.get 1
              local.get 8
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 10
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 258
              local.get 11
              i32.const 1
              i32.add
              local.set 11
              br 0
            end
          end
          local.get 258
          local.get 4
          f32.mul
          local.set 12
          local.get 13
          local.get 12
          f32.max
          local.set 14
          f32.const 0
          f32.const 0.008369148708879948
          f32.const 89
          f32.const -104
          local.get 12
          local.get 14
          f32.sub
          local.tee 261
          local.get 261
          f32.const -104
          f32.lt
          select
          local.tee 262
          f32.const 89
          local.get 262
          f32.lt
          select
          local.tee 263
          local.get 263
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 264
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 264
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 265
          f32.mul
          f32.const 0.041917506605386734
          f32.add
          local.get 265
          f32.mul
          f32.const 0.16666504740715027
          f32.add
          local.get 265
          f32.mul
          f32.const 0.49998870491981506
          f32.add
          local.get 265
          f32.mul
          f32.const 1
          f32.add
          local.get 265
          f32.mul
          f32.const 1.0000001192092896
          f32.add
          local.get 264
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 266
          i32.const 1
          i32.shr_s
          local.tee 267
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 266
          local.get 267
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 12
          f32.const -Infinity
          f32.eq
          select
          local.set 15
          f32.const 1
          local.set 268
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 268
          end
          local.set 16
          local.get 214
          local.get 16
          f32.mul
          local.get 15
          f32.add
          local.set 214
          local.get 14
          local.set 213
          local.get 16
          local.set 269
          local.get 269
          f32x4.splat
          local.set 270
          local.get 15
          local.set 271
          local.get 271
          f32x4.splat
          local.set 272
          local.get 10
          i32.const 8
          i32.mul
          local.set 273
          local.get 8
          i32.const 8
          i32.mul
          local.set 274
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 274
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 274
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 270
              f32x4.mul
              local.get 272
              local.get 3
              local.get 273
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 274
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 274
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 270
              f32x4.mul
              local.get 272
              local.get 3
              local.get 273
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 274
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 274
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 270
              f32x4.mul
              local.get 272
              local.get 3
              local.get 273
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 269
              f32.mul
              local.get 271
              local.get 3
              local.get 10
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 10
          i32.const 1
          i32.add
          local.set 10
          br 0
        end
      end
      f32.const 1
      local.get 214
      f32.div
      local.set 17
      local.get 17
      local.set 275
      local.get 275
      f32x4.splat
      local.set 276
      local.get 8
      i32.const 8
      i32.mul
      local.set 277
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 277
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 277
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 276
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 277
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 277
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 276
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 277
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 277
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 276
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 275
          f32.mul
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 8
      i32.const 1
      i32.add
      local.set 8
      br 0
    end
  end
)

(func $flashScores (param $0 i32) (param $1 i32) (param $2 i32)
  (local $3 v128) (local $4 v128) (local $5 v128) (local $6 v128) (local $7 v128) (local $8 v128) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 i32) (local $15 i32) (local $16 i32) (local $17 i32)
  i32.const 0
  local.set 15
  block
    loop
      local.get 15
      i32.const 4
      i32.ge_s
      br_if 1
      v128.const f32x4 0 0 0 0
      local.set 3
      v128.const f32x4 0 0 0 0
      local.set 4
      v128.const f32x4 0 0 0 0
      local.set 5
      v128.const f32x4 0 0 0 0
      local.set 6
      v128.const f32x4 0 0 0 0
      local.set 7
      v128.const f32x4 0 0 0 0
      local.set 8
      v128.const f32x4 0 0 0 0
      local.set 9
      v128.const f32x4 0 0 0 0
      local.set 10
      local.get 0
      local.set 16
      local.get 15
      i32.const 128
      i32.mul
      local.get 1
      i32.add
      local.set 17
      i32.const 0
      local.set 14
      block
        loop
          local.get 14
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 16
          v128.load
          local.set 11
          local.get 16
          v128.load offset=16
          local.set 12
          local.get 17
          v128.load32_splat
          local.set 13
          local.get 3
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 3
          local.get 7
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 7
          local.get 17
          v128.load32_splat offset=32
          local.set 13
          local.get 4
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 4
          local.get 8
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 8
          local.get 17
          v128.load32_splat offset=64
          local.set 13
          local.get 5
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 5
          local.get 9
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 9
          local.get 17
          v128.load32_splat offset=96
          local.set 13
          local.get 6
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 6
          local.get 10
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 10
          local.get 16
          i32.const 32
          i32.add
          local.set 16
          local.get 17
          i32.const 4
          i32.add
          local.set 17
          local.get 14
          i32.const 1
          i32.add
          local.set 14
          br 0
        end
      end
      local.get 15
      i32.const 128
      i32.mul
      local.get 2
      i32.add
      local.set 17
      local.get 17
      local.get 3
      v128.store
      local.get 17
      local.get 7
      v128.store offset=16
      local.get 17
      local.get 4
      v128.store offset=32
      local.get 17
      local.get 8
      v128.store offset=48
      local.get 17
      local.get 5
      v128.store offset=64
      local.get 17
      local.get 9
      v128.store offset=80
      local.get 17
      local.get 6
      v128.store offset=96
      local.get 17
      local.get 10
      v128.store offset=112
      local.get 15
      i32.const 1
      i32.add
      local.set 15
      br 0
    end
  end
)

(func $flashValues (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32)
  (local $4 v128) (local $5 v128) (local $6 v128) (local $7 v128) (local $8 v128) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 v128) (local $15 i32) (local $16 i32) (local $17 i32) (local $18 i32) (local $19 i32)
  i32.const 0
  local.set 19
  block
    loop
      local.get 19
      i32.const 2
      i32.ge_s
      br_if 1
      i32.const 0
      local.set 15
      block
        loop
          local.get 15
          i32.const 32
          i32.ge_s
          br_if 1
          local.get 0
          local.get 15
          i32.add
          v128.load
          local.get 3
          v128.load32_splat
          f32x4.mul
          local.set 4
          local.get 0
          local.get 15
          i32.add
          v128.load offset=16
          local.get 3
          v128.load32_splat
          f32x4.mul
          local.set 5
          local.get 0
          local.get 15
          i32.add
          v128.load offset=32
          local.get 3
          v128.load32_splat offset=4
          f32x4.mul
          local.set 6
          local.get 0
          local.get 15
          i32.add
          v128.load offset=48
          local.get 3
          v128.load32_splat offset=4
          f32x4.mul
          local.set 7
          local.get 0
          local.get 15
          i32.add
          v128.load offset=64
          local.get 3
          v128.load32_splat offset=8
          f32x4.mul
          local.set 8
          local.get 0
          local.get 15
          i32.add
          v128.load offset=80
          local.get 3
          v128.load32_splat offset=8
          f32x4.mul
          local.set 9
          local.get 0
          local.get 15
          i32.add
          v128.load offset=96
          local.get 3
          v128.load32_splat offset=12
          f32x4.mul
          local.set 10
          local.get 0
          local.get 15
          i32.add
          v128.load offset=112
          local.get 3
          v128.load32_splat offset=12
          f32x4.mul
          local.set 11
          local.get 1
          local.get 15
          i32.add
          local.set 17
          local.get 2
          local.set 18
          i32.const 0
          local.set 16
          block
            loop
              local.get 16
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 17
              v128.load
              local.set 12
              local.get 17
              v128.load offset=16
              local.set 13
              local.get 18
              v128.load32_splat
              local.set 14
              local.get 4
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 4
              local.get 5
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 5
              local.get 18
              v128.load32_splat offset=4
              local.set 14
              local.get 6
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 6
              local.get 7
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 7
              local.get 18
              v128.load32_splat offset=8
              local.set 14
              local.get 8
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 8
              local.get 9
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 9
              local.get 18
              v128.load32_splat offset=12
              local.set 14
              local.get 10
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 10
              local.get 11
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 11
              local.get 17
              i32.const 32
              i32.add
              local.set 17
              local.get 18
              i32.const 32
              i32.add
              local.set 18
              local.get 16
              i32.const 1
              i32.add
              local.set 16
              br 0
            end
          end
          local.get 0
          local.get 15
          i32.add
          local.get 4
          v128.store
          local.get 0
          local.get 15
          i32.add
          local.get 5
          v128.store offset=16
          local.get 0
          local.get 15
          i32.add
          local.get 6
          v128.store offset=32
          local.get 0
          local.get 15
          i32.add
          local.get 7
          v128.store offset=48
          local.get 0
          local.get 15
          i32.add
          local.get 8
          v128.store offset=64
          local.get 0
          local.get 15
          i32.add
          local.get 9
          v128.store offset=80
          local.get 0
          local.get 15
          i32.add
          local.get 10
          v128.store offset=96
          local.get 0
          local.get 15
          i32.add
          local.get 11
          v128.store offset=112
          local.get 15
          i32.const 32
          i32.add
          local.set 15
          br 0
        end
      end
      local.get 0
      i32.const 128
      i32.add
      local.set 0
      local.get 2
      i32.const 16
      i32.add
      local.set 2
      local.get 3
      i32.const 16
      i32.add
      local.set 3
      local.get 19
      i32.const 1
      i32.add
      local.set 19
      br 0
    end
  end
)

(func $rare0 (param $0 f32) (param $1 f32) (result f32)
  (local $2 f32) (local $3 f32) (local $4 f32) (local $5 f32) (local $6 f32) (local $7 i32) (local $8 i32)
  f32.const 0.008369148708879948
  f32.const 89
  f32.const -104
  local.get 0
  local.get 1
  f32.sub
  local.tee 2
  local.get 2
  f32.const -104
  f32.lt
  select
  local.tee 3
  f32.const 89
  local.get 3
  f32.lt
  select
  local.tee 4
  local.get 4
  f32.const 1.4426950408889634
  f32.mul
  f32.nearest
  local.tee 5
  f32.const 0.693359375
  f32.mul
  f32.sub
  local.get 5
  f32.const -0.00021219444
  f32.mul
  f32.sub
  local.tee 6
  f32.mul
  f32.const 0.041917506605386734
  f32.add
  local.get 6
  f32.mul
  f32.const 0.16666504740715027
  f32.add
  local.get 6
  f32.mul
  f32.const 0.49998870491981506
  f32.add
  local.get 6
  f32.mul
  f32.const 1
  f32.add
  local.get 6
  f32.mul
  f32.const 1.0000001192092896
  f32.add
  local.get 5
  f32.const 12582912
  f32.add
  i32.reinterpret_f32
  i32.const 1262485504
  i32.sub
  local.tee 7
  i32.const 1
  i32.shr_s
  local.tee 8
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
  local.get 7
  local.get 8
  i32.sub
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
)